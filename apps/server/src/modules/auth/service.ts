import type { ApiToken, Role } from "@quire/contracts";
import { and, count, desc, eq, isNull, ne, notInArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import { apiTokens, sessions, users } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { hashToken, randomToken } from "../../lib/tokens";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { endSessions } from "./sessions";

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
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(
      notInArray(
        users.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
  return row?.n ?? 0;
}

export async function demoUserForRole(
  ctx: AppContext,
  role: Role,
): Promise<{ id: string; username: string; role: string }> {
  const demo = DEMO_USERS.find((u) => u.role === role);
  if (!demo) throw notFound("Demo user");
  const [user] = await ctx.db.select().from(users).where(eq(users.username, demo.username)).limit(1);
  if (!user) throw notFound("Demo user");
  return user;
}

function presentToken(row: typeof apiTokens.$inferSelect): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(ctx: AppContext, actor: Actor): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(presentToken);
}

export async function createApiToken(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; expiresInDays?: number | undefined },
): Promise<ApiToken & { token: string }> {
  const token = randomToken("qt_");
  const now = ctx.clock.now();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null;
  const row = await withTransaction(ctx, actor, async (tx, record) => {
    const [inserted] = await tx
      .insert(apiTokens)
      .values({ userId: actor.id, name: input.name, tokenHash: hashToken(token), createdAt: now, expiresAt })
      .returning();
    if (!inserted) throw new Error("token insert returned nothing");
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

/** Only the owner revokes a token; anyone else's token id is "not found". */
export async function revokeApiToken(ctx: AppContext, actor: Actor, tokenId: string): Promise<void> {
  await withTransaction(ctx, actor, async (tx, record) => {
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (revoked.length === 0) throw notFound("Token");
    await record({
      action: "Revoked API token",
      subjectType: "token",
      subjectId: tokenId,
      data: { name: revoked[0]!.name },
    });
  });
}

/**
 * Changing the password ends every other session of the user and revokes their API tokens: a
 * password changed because it leaked must not leave a door open.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  passwords: { current: string; next: string },
  keepSessionToken: string | null,
): Promise<void> {
  const { current: currentPassword, next: newPassword } = passwords;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!user || !(await ctx.passwords.verify(currentPassword, user.passwordHash)))
    throw badRequest("currentPassword is not correct");
  const passwordHash = await ctx.passwords.hash(newPassword);
  await withTransaction(ctx, actor, async (tx, record) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, actor.id));
    const others = keepSessionToken ? ne(sessions.idHash, hashToken(keepSessionToken)) : undefined;
    await endSessions(tx, and(eq(sessions.userId, actor.id), others));
    await record({ action: "Changed password", subjectType: "user", subjectId: actor.id });
    await tx
      .update(apiTokens)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)));
  });
}
