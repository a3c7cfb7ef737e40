import { SSO_SIGNING_WINDOW_MINUTES, type CategorySigning, type DocumentSigning } from "@quire/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { categorySigning, users } from "../../db/schema";
import { forbidden, notFound } from "../../lib/errors";
import type { LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { verifyPasswordAgain } from "../auth/login";
import { findCategory } from "../categories/repository";

/**
 * A category's signing rule: where it asks for it, a decision is signed only after the signer
 * enters their password again (21 CFR 11.200(a)(1): a signing after the first in a session uses at
 * least one of the components). Without a row a category signs with the session alone.
 */

async function requiresPassword(db: Database, categoryId: string): Promise<boolean> {
  const [row] = await db
    .select({ requiresPassword: categorySigning.requiresPassword })
    .from(categorySigning)
    .where(eq(categorySigning.categoryId, categoryId));
  return row?.requiresPassword ?? false;
}

export async function getCategorySigning(ctx: AppContext, actor: Actor, categoryId: string) {
  const category = await findCategory(ctx.db, { id: categoryId, viewer: actor });
  if (!category) throw notFound("Category");
  return { requiresPassword: await requiresPassword(ctx.db, categoryId) };
}

export async function setCategorySigning(
  ctx: AppContext,
  actor: Actor,
  categoryId: string,
  rule: CategorySigning,
): Promise<CategorySigning> {
  const category = await findCategory(ctx.db, { id: categoryId, viewer: actor });
  if (!category) throw notFound("Category");
  const now = ctx.clock.now();
  await withTransaction(
    ctx,
    actor,
    async (tx, record) => {
      await tx
        .insert(categorySigning)
        .values({ categoryId, requiresPassword: rule.requiresPassword, updatedAt: now })
        .onConflictDoUpdate({
          target: categorySigning.categoryId,
          set: { requiresPassword: rule.requiresPassword, updatedAt: now },
        });
      await record({
        action: "Signing rule changed",
        subjectType: "category",
        subjectId: categoryId,
        comment: rule.requiresPassword ? "password re-entered to sign" : "signed with the session",
        data: rule,
      });
    },
    { at: now },
  );
  return { requiresPassword: rule.requiresPassword };
}

/** How a signer confirms a decision where the category asks for it; null where it does not. */
export type Reauthentication = "password" | "single sign-on";

const SSO_WINDOW_MS = SSO_SIGNING_WINDOW_MINUTES * 60_000;

async function signerOf(ctx: AppContext, actor: Actor) {
  const [user] = await ctx.db
    .select({ username: users.username, passwordHash: users.passwordHash, oidcIssuer: users.oidcIssuer })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!user) throw forbidden();
  return user;
}

/** Until when this session's sign-in again at the identity provider lets it sign, if it still does. */
function ssoConfirmedUntil(ctx: AppContext, actor: Actor): Date | null {
  if (!actor.reauthenticatedAt || actor.via !== "session") return null;
  const until = new Date(actor.reauthenticatedAt.getTime() + SSO_WINDOW_MS);
  return until > ctx.clock.now() ? until : null;
}

/** The rule of the document's category and how this reader would meet it, for the decision form. */
export async function signingForDocument(ctx: AppContext, target: LoadedDocument): Promise<DocumentSigning> {
  const required = await requiresPassword(ctx.db, target.facts.categoryId);
  if (!required) return { requiresPassword: false, confirmWith: null, confirmedUntil: null };
  const signer = await signerOf(ctx, target.actor);
  if (!signer.oidcIssuer) return { requiresPassword: true, confirmWith: "password", confirmedUntil: null };
  const until = ssoConfirmedUntil(ctx, target.actor);
  return {
    requiresPassword: true,
    confirmWith: "single sign-on",
    confirmedUntil: until?.toISOString() ?? null,
  };
}

/**
 * How this decision is confirmed: null where the category does not ask; "password" once the password
 * entered again is right (wrong ones count with failed sign-ins); "single sign-on" for an account
 * without a Quire password that signed in again at its identity provider (prompt=login, max_age=0)
 * within the last few minutes, in this session. Otherwise 403, and nothing is decided or recorded.
 */
export async function confirmSigner(
  ctx: AppContext,
  actor: Actor,
  categoryId: string,
  password: string | undefined,
): Promise<Reauthentication | null> {
  if (!(await requiresPassword(ctx.db, categoryId))) return null;
  const user = await signerOf(ctx, actor);
  if (user.oidcIssuer) {
    if (ssoConfirmedUntil(ctx, actor)) return "single sign-on";
    throw forbidden(
      "Signing in this category needs you to sign in again: choose Confirm with single sign-on, then " +
        `sign within ${SSO_SIGNING_WINDOW_MINUTES} minutes`,
    );
  }
  if (password === undefined)
    throw forbidden("Signing in this category needs your password: enter it again to sign this decision");
  // Outside a request (the demo seed) there is no address to count failures against.
  if (!(await verifyPasswordAgain(ctx, user, password, actor.ip ?? "local")))
    throw forbidden("The password is not correct, so the decision was not signed or recorded");
  return "password";
}
