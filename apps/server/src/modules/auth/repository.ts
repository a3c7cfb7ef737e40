import { and, count, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens, loginFailures, sessions, users } from "../../db/schema";

/** Sign-in state: sessions, API tokens and failed sign-in attempts. Users live in users/repository.ts. */
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type NewApiToken = typeof apiTokens.$inferInsert;

/** Which sessions to end; every field narrows it, and an empty filter selects every session. */
export interface SessionFilter {
  idHash?: string;
  userId?: string;
  /** Keeps this one session (the one the request came with). */
  exceptIdHash?: string;
}

function sessionWhere(filter: SessionFilter): SQL | undefined {
  return and(
    filter.idHash !== undefined ? eq(sessions.idHash, filter.idHash) : undefined,
    filter.userId !== undefined ? eq(sessions.userId, filter.userId) : undefined,
    filter.exceptIdHash !== undefined ? ne(sessions.idHash, filter.exceptIdHash) : undefined,
  );
}

export async function insertSession(tx: Database, values: NewSession): Promise<void> {
  await tx.insert(sessions).values(values);
}

/** Deletes the sessions the filter selects; answers their id hashes. */
export async function deleteSessions(tx: Database, filter: SessionFilter): Promise<string[]> {
  const ended = await tx.delete(sessions).where(sessionWhere(filter)).returning({ idHash: sessions.idHash });
  return ended.map((s) => s.idHash);
}

/** Sends a NOTIFY on `channel`; inside a transaction it goes out with the commit. */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface SessionUser {
  id: string;
  username: string;
  role: string;
  mustChangePassword: boolean;
  lastSeenAt: Date;
  reauthenticatedAt: Date | null;
}

/** The enabled user of a session that ends after `now` and was seen after `idleCutoff`. */
export async function findLiveSession(
  db: Database,
  idHash: string,
  at: { now: Date; idleCutoff: Date },
): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      mustChangePassword: users.mustChangePassword,
      lastSeenAt: sessions.lastSeenAt,
      reauthenticatedAt: sessions.reauthenticatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, at.now),
        gt(sessions.lastSeenAt, at.idleCutoff),
        isNull(users.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Database, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
}

/** Sessions past their absolute expiry or idle since before `idleCutoff`. */
export async function deleteExpiredSessions(
  db: Database,
  at: { now: Date; idleCutoff: Date },
): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, at.now), lt(sessions.lastSeenAt, at.idleCutoff)));
}

export interface TokenUser {
  id: string;
  username: string;
  role: string;
  tokenId: string;
  lastUsedAt: Date | null;
}

/** The enabled user of an unrevoked token that has not expired at `now`. */
export async function findLiveApiToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<TokenUser | null> {
  const [row] = await db
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
  return row ?? null;
}

export async function touchApiToken(db: Database, tokenId: string, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, tokenId));
}

/** The user's unrevoked tokens, newest first. */
export async function findActiveApiTokens(db: Database, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
}

/** The user's tokens that still work: neither revoked nor expired. */
export async function countLiveApiTokens(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertApiToken(tx: Database, values: NewApiToken): Promise<ApiTokenRow> {
  const [row] = await tx.insert(apiTokens).values(values).returning();
  if (!row) throw new Error("token insert returned nothing");
  return row;
}

/** Revokes the user's unrevoked tokens (one, when `tokenId` is given); answers the names of those revoked. */
export async function revokeApiTokens(
  tx: Database,
  filter: { userId: string; tokenId?: string },
  at: Date,
): Promise<Array<{ name: string; tokenHash: string }>> {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(
      and(
        filter.tokenId !== undefined ? eq(apiTokens.id, filter.tokenId) : undefined,
        eq(apiTokens.userId, filter.userId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ name: apiTokens.name, tokenHash: apiTokens.tokenHash });
  return revoked;
}

/** Holds the sign-in lock of `key` until the transaction ends (two-integer advisory lock). */
export async function lockSignIn(tx: Database, lockClass: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${key}))`);
}

/** Failed sign-ins after `since`, for this username and/or from this address. */
export async function countLoginFailures(
  db: Database,
  filter: { username?: string; ip?: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        filter.username !== undefined ? eq(loginFailures.username, filter.username) : undefined,
        filter.ip !== undefined ? eq(loginFailures.ip, filter.ip) : undefined,
        gt(loginFailures.createdAt, filter.since),
      ),
    );
  return row?.n ?? 0;
}

export async function insertLoginFailure(
  tx: Database,
  values: { username: string; ip: string; createdAt: Date },
): Promise<number> {
  const [row] = await tx.insert(loginFailures).values(values).returning({ id: loginFailures.id });
  if (!row) throw new Error("login failure insert returned nothing");
  return row.id;
}

export async function deleteLoginFailure(db: Database, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}
