import { channelEventSchema, type ChannelEvent } from "@quire/contracts";

/** The NOTIFY channel the live-event triggers of migration 0001_live_events send on. */
export const EVENTS_CHANNEL = "quire_events";

/**
 * What changed, as the database triggers describe it; the names and payloads are the contracts'
 * (`liveEventSchema` for browsers, plus `sessions.ended` between processes).
 */
export type LiveEvent = ChannelEvent;

/** A NOTIFY payload checked against the contract; anything else is ignored. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const parsed = channelEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The JSON an event is sent as (NOTIFY payload, SSE data), checked against the contract first. */
export function encodeLiveEvent(event: LiveEvent): string {
  return JSON.stringify(channelEventSchema.parse(event));
}
