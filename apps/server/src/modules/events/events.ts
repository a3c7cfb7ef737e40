/** The NOTIFY channel the live-event triggers of migration 0001_live_events send on. */
export const EVENTS_CHANNEL = "quire_events";

/**
 * What changed, as the database triggers describe it. Ids only: a client refetches what it needs,
 * through the same authorised API as always.
 */
export type LiveEvent =
  | { type: "document.changed"; documentId: string }
  | { type: "approval.changed"; documentId: string }
  | { type: "notification.created"; userIds: string[] }
  /** Sent by the server itself when sign-ins end: their open streams close on every process. */
  | { type: "sessions.ended"; sessionHashes: string[] };
