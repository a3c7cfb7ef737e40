import type { Role } from "@quire/contracts";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { apiTokens, sessions, users } from "../../db/schema";
import { hashToken, randomToken } from "../../lib/tokens";
import type { Actor } from "../../policies/policy";
import { EVENTS_CHANNEL, type LiveEvent } from "../events/events";

const MINUTE = 60_000;
/** Touching last_seen_at on every request would write on every read; once a minute is enough for idle expiry. */
const TOUCH_INTERVAL_MS = MINUTE;

export async function createSession(
  ctx: AppContext,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxHours * 60 * MINUTE);
  await ctx.db
    .insert(sessions)
    .values({ idHash: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(ctx: AppContext, token: string): Promise<void> {
  const ended = await ctx.db
    .delete(sessions)
    .where(eq(sessions.idHash, hashToken(token)))
    .returning({ idHash: sessions.idHash });
  await announceEndedSessions(
    ctx.db,
    ended.map((s) => s.idHash),
  );
}

/** Open event streams of ended sign-ins close, in every process (the hub listens on the channel). */
export async function announceEndedSessions(db: Database, sessionHashes: string[]): Promise<void> {
  if (sessionHashes.length === 0) return;
  const event: LiveEvent = { type: "sessions.ended", sessionHashes };
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** The session's user if the session exists, has not passed its absolute expiry and has not sat idle too long. */
export async function actorFromSession(ctx: AppContext, token: string): Promise<Actor | null> {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - ctx.config.sessionIdleMinutes * MINUTE);
  const idHash = hashToken(token);
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role as Role,
    via: "session",
    ...(row.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

export async function actorFromApiToken(ctx: AppContext, token: string): Promise<Actor | null> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  return { id: row.id, username: row.username, role: row.role as Role, via: "token" };
}

/** Expired sessions are only clutter (lookups already ignore them); swept at start and periodically. */
export async function sweepExpiredSessions(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - ctx.config.sessionIdleMinutes * MINUTE);
  await ctx.db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
}
