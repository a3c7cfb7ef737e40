import type { ApiToken, Role } from "@quire/contracts";
import type { AppContext } from "../../context";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { hashToken, randomToken } from "../../lib/tokens";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { countUsers, findUser, updateUser } from "../users/repository";
import { countLiveApiTokens, findActiveApiTokens, insertApiToken, type ApiTokenRow } from "./repository";
import { endSessions, revokeTokens } from "./sessions";

/** One demo user per role; the seed's second reviewer lets a review round have two reviewers. */
export const DEMO_USERS: ReadonlyArray<{ username: string; role: Role }> = [
  { username: "admin", role: "Admin" },
  { username: "author", role: "Author" },
  { username: "reviewer", role: "Reviewer" },
  { username: "reviewer2", role: "Reviewer" },
  { username: "approver", role: "Approver" },
  { username: "viewer", role: "Viewer" },
];

export function isDemoUsername(username: string): boolean {
  return DEMO_USERS.some((u) => u.username === username);
}

/** Accounts that are not the demo's: start-up in demo mode warns while any exist. */
export async function countNonDemoUsers(ctx: AppContext): Promise<number> {
  return countUsers(ctx.db, { usernameNotIn: DEMO_USERS.map((u) => u.username) });
}

export async function demoUserForRole(
  ctx: AppContext,
  role: Role,
): Promise<{ id: string; username: string; role: string }> {
  const demo = DEMO_USERS.find((u) => u.role === role);
  if (!demo) throw notFound("Demo user");
  const user = await findUser(ctx.db, { username: demo.username });
  if (!user) throw notFound("Demo user");
  return user;
}

function presentToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(ctx: AppContext, actor: Actor): Promise<ApiToken[]> {
  const rows = await findActiveApiTokens(ctx.db, actor.id);
  return rows.map(presentToken);
}

/**
 * Working tokens one account may hold: a script per system is a handful, and every token is a
 * standing credential an Admin must be able to review (Settings lists them unpaged).
 */
export const MAX_LIVE_API_TOKENS = 25;

export async function createApiToken(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; expiresInDays?: number | undefined },
): Promise<ApiToken & { token: string }> {
  const token = randomToken("qt_");
  const now = ctx.clock.now();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null;
  const row = await withTransaction(ctx, actor, async (tx, record) => {
    if ((await countLiveApiTokens(tx, actor.id, now)) >= MAX_LIVE_API_TOKENS)
      throw conflict(
        `You already have ${MAX_LIVE_API_TOKENS} API tokens that work, the most one account may hold. Revoke one you no longer use, then create this one.`,
      );
    const inserted = await insertApiToken(tx, {
      userId: actor.id,
      name: input.name,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    await record({
      action: "Created API token",
      subjectType: "token",
      subjectId: inserted.id,
      data: { name: input.name },
    });
    return inserted;
  });
  return { ...presentToken(row), token };
}

/**
 * Only the owner revokes a token; anyone else's token id is "not found". Event streams opened with
 * it close at once.
 */
export async function revokeApiToken(ctx: AppContext, actor: Actor, tokenId: string): Promise<void> {
  await withTransaction(ctx, actor, async (tx, record) => {
    const revoked = await revokeTokens(tx, { userId: actor.id, tokenId }, ctx.clock.now());
    if (revoked.length === 0) throw notFound("Token");
    await record({
      action: "Revoked API token",
      subjectType: "token",
      subjectId: tokenId,
      data: { name: revoked[0]! },
    });
  });
}

/**
 * Changing the password ends every other session of the user and revokes their API tokens, with the
 * event streams opened by either: a password changed because it leaked must not leave a door open.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  passwords: { current: string; next: string },
  keepSessionToken: string | null,
): Promise<void> {
  const { current: currentPassword, next: newPassword } = passwords;
  const user = await findUser(ctx.db, { id: actor.id });
  if (!user || !(await ctx.passwords.verify(currentPassword, user.passwordHash)))
    throw badRequest("currentPassword is not correct");
  const passwordHash = await ctx.passwords.hash(newPassword);
  await withTransaction(ctx, actor, async (tx, record) => {
    await updateUser(tx, actor.id, { passwordHash, mustChangePassword: false });
    const others = keepSessionToken ? { exceptIdHash: hashToken(keepSessionToken) } : {};
    await endSessions(tx, { userId: actor.id, ...others });
    await record({ action: "Changed password", subjectType: "user", subjectId: actor.id });
    await revokeTokens(tx, { userId: actor.id }, ctx.clock.now());
  });
}
