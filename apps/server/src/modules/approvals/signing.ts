import type { CategorySigning } from "@quire/contracts";
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

/** The rule of the document's category, so the decision form asks for the password before anyone chooses. */
export async function signingForDocument(ctx: AppContext, target: LoadedDocument): Promise<CategorySigning> {
  return { requiresPassword: await requiresPassword(ctx.db, target.facts.categoryId) };
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

/**
 * Whether this decision is signed with the password entered again: false where the category does
 * not ask for it; true once the password is right; 403 when it is missing or wrong, or the signer
 * has no Quire password (single sign-on), so nothing is decided or recorded.
 */
export async function confirmSigner(
  ctx: AppContext,
  actor: Actor,
  categoryId: string,
  password: string | undefined,
): Promise<boolean> {
  if (!(await requiresPassword(ctx.db, categoryId))) return false;
  const [user] = await ctx.db
    .select({ username: users.username, passwordHash: users.passwordHash, oidcIssuer: users.oidcIssuer })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!user) throw forbidden();
  if (user.oidcIssuer)
    throw forbidden(
      "Signing in this category needs your Quire password entered again, and your account signs in " +
        "through single sign-on without one; an Admin can turn off password re-entry for the category",
    );
  if (password === undefined)
    throw forbidden("Signing in this category needs your password: enter it again to sign this decision");
  // Outside a request (the demo seed) there is no address to count failures against.
  if (!(await verifyPasswordAgain(ctx, user, password, actor.ip ?? "local")))
    throw forbidden("The password is not correct, so the decision was not signed or recorded");
  return true;
}
