import type { ActivityAction, Role } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { hashToken, randomToken } from "../../lib/tokens";
import type { Actor } from "../../policies/policy";
import { withTransaction, type CommandActor } from "../activity/command";
import { encodeLiveEvent, EVENTS_CHANNEL, type LiveEvent } from "../events/events";
import {
  deleteExpiredSessions,
  deleteSessions,
  findLiveApiToken,
  findLiveSession,
  insertSession,
  notifyChannel,
  revokeApiTokens,
  touchApiToken,
  touchSession,
  type SessionFilter,
} from "./repository";

const MINUTE = 60_000;
/** Touching last_seen_at on every request would write on every read; once a minute is enough for idle expiry. */
const TOUCH_INTERVAL_MS = MINUTE;

/**
 * A new session for `userId`, with a fresh id: the session the browser held before (if any) ends in
 * the same transaction, so a session id planted before sign-in is never promoted (session fixation).
 * Recorded as `action` ("Signed in", "Switched demo role") by `by`.
 */
export async function replaceSession(
  ctx: AppContext,
  by: CommandActor,
  change: {
    userId: string;
    previousToken: string | null;
    action: ActivityAction;
    data?: Record<string, unknown>;
    /** The person signed in again at the identity provider to sign (prompt=login, max_age=0). */
    reauthenticated?: boolean;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxHours * 60 * MINUTE);
  await withTransaction(ctx, by, async (tx, record) => {
    if (change.previousToken) await endSessions(tx, { idHash: hashToken(change.previousToken) });
    await insertSession(tx, {
      idHash: hashToken(token),
      userId: change.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      reauthenticatedAt: change.reauthenticated ? now : null,
    });
    await record({
      action: change.action,
      subjectType: "session",
      subjectId: change.userId,
      data: change.data ?? null,
    });
  });
  return { token, expiresAt };
}

/** Sign-out: the session ends (and its open event streams with it, in every process). */
export async function signOut(ctx: AppContext, actor: Actor, token: string | null): Promise<void> {
  await withTransaction(ctx, actor, async (tx, record) => {
    if (token) await endSessions(tx, { idHash: hashToken(token) });
    await record({ action: "Signed out", subjectType: "session", subjectId: actor.id });
  });
}

/** Deletes the sessions the filter selects and tells every process to close their streams. */
export async function endSessions(tx: Database, filter: SessionFilter): Promise<void> {
  await announceEndedSessions(tx, await deleteSessions(tx, filter));
}

/**
 * Revokes the API tokens the filter selects and closes the event streams opened with them, in every
 * process, as a session's close when it ends. Returns the revoked tokens' names.
 */
export async function revokeTokens(
  tx: Database,
  filter: { userId: string; tokenId?: string },
  at: Date,
): Promise<string[]> {
  const revoked = await revokeApiTokens(tx, filter, at);
  await announceEndedSessions(
    tx,
    revoked.map((r) => r.tokenHash),
  );
  return revoked.map((r) => r.name);
}

/**
 * Open event streams of ended sign-ins close, in every process (the hub listens on the channel).
 * A sign-in is a session or an API token: the hashes are of either (both are random, so never equal).
 */
export async function announceEndedSessions(db: Database, sessionHashes: string[]): Promise<void> {
  if (sessionHashes.length === 0) return;
  const event: LiveEvent = { type: "sessions.ended", sessionHashes };
  await notifyChannel(db, EVENTS_CHANNEL, encodeLiveEvent(event));
}

/** The session's user if the session exists, has not passed its absolute expiry and has not sat idle too long. */
export async function actorFromSession(ctx: AppContext, token: string): Promise<Actor | null> {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - ctx.config.sessionIdleMinutes * MINUTE);
  const idHash = hashToken(token);
  const row = await findLiveSession(ctx.db, idHash, { now, idleCutoff });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(ctx.db, idHash, now);
  return {
    id: row.id,
    username: row.username,
    role: row.role as Role,
    via: "session",
    ...(row.mustChangePassword ? { mustChangePassword: true } : {}),
    ...(row.reauthenticatedAt ? { reauthenticatedAt: row.reauthenticatedAt } : {}),
  };
}

export async function actorFromApiToken(ctx: AppContext, token: string): Promise<Actor | null> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  const row = await findLiveApiToken(ctx.db, tokenHash, now);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchApiToken(ctx.db, row.tokenId, now);
  return { id: row.id, username: row.username, role: row.role as Role, via: "token" };
}

/** Expired sessions are only clutter (lookups already ignore them); the hourly schedule sweeps them. */
export async function sweepExpiredSessions(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - ctx.config.sessionIdleMinutes * MINUTE);
  await deleteExpiredSessions(ctx.db, { now, idleCutoff });
}
