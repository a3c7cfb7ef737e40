import { z } from "zod";

/**
 * Live events (GET /api/events, server-sent events). The database triggers of migration
 * 0001_live_events, the server's hub and the web all read these names and payloads from here.
 * Ids only: a client refetches what it needs through the same authorised API as always.
 */
export const documentChangedEventSchema = z.object({
  type: z.literal("document.changed"),
  documentId: z.string(),
});
export const approvalChangedEventSchema = z.object({
  type: z.literal("approval.changed"),
  documentId: z.string(),
});
export const notificationCreatedEventSchema = z.object({
  type: z.literal("notification.created"),
  userIds: z.array(z.string()),
});

/**
 * Who may see what changed (a category's access list, a document's restriction, a group's
 * members): sent to everyone, naming nothing, since those who lost sight of a document must not
 * learn which; open pages read their lists, counts and documents again through the API.
 */
export const accessChangedEventSchema = z.object({
  type: z.literal("access.changed"),
});

/** Something entered the archive or moved along (Settings › Ingestion); only Admins hear it. */
export const ingestionChangedEventSchema = z.object({
  type: z.literal("ingestion.changed"),
});

/** What a browser receives; the SSE event name is the `type`. */
export const liveEventSchema = z.discriminatedUnion("type", [
  documentChangedEventSchema,
  approvalChangedEventSchema,
  notificationCreatedEventSchema,
  accessChangedEventSchema,
  ingestionChangedEventSchema,
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];
export const liveEventTypes = liveEventSchema.options.map((option) => option.shape.type.value);

/** Sent by the server itself when sign-ins end: their open streams close on every process. */
export const sessionsEndedEventSchema = z.object({
  type: z.literal("sessions.ended"),
  sessionHashes: z.array(z.string()),
});

/** Everything that travels on the NOTIFY channel between server processes. */
export const channelEventSchema = z.discriminatedUnion("type", [
  ...liveEventSchema.options,
  sessionsEndedEventSchema,
]);
export type ChannelEvent = z.infer<typeof channelEventSchema>;
