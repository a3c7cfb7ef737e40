import { channelEventSchema, roles, type ChannelEvent } from "@quire/contracts";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { canGlobal } from "../../policies/policy";

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

/**
 * Tells every open page that access changed, inside the caller's transaction: NOTIFY is sent at
 * commit, so a refused change announces nothing. No database trigger sees these changes as a
 * document's, and those who lost sight of a document would hear nothing of it otherwise.
 */
export async function announceAccessChanged(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${encodeLiveEvent({ type: "access.changed" })})`);
}

/** The people who may read Settings › Ingestion now: enabled accounts whose role allows it. */
export async function ingestionManagerIds(db: Database): Promise<string[]> {
  const allowed = roles.filter((role) => canGlobal({ role }, "ingestion.manage"));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, allowed), isNull(users.disabledAt)));
  return rows.map((r) => r.id);
}
