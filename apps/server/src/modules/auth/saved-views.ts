import { savedViewsSchema, type SavedView } from "@quire/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { settings } from "../../db/schema";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";

/**
 * Saved views of All Documents, per user. They live in the key-value settings table under a
 * per-user key (one small JSON value each), so they need no table of their own; only the user
 * reads or writes their own key.
 */
const keyFor = (userId: string) => `savedViews:${userId}`;

export async function readSavedViews(ctx: AppContext, userId: string): Promise<SavedView[]> {
  const [row] = await ctx.db
    .select()
    .from(settings)
    .where(eq(settings.key, keyFor(userId)))
    .limit(1);
  const parsed = savedViewsSchema.safeParse(row?.value ?? []);
  return parsed.success ? parsed.data : [];
}

export async function writeSavedViews(
  ctx: AppContext,
  actor: Actor,
  views: SavedView[],
): Promise<SavedView[]> {
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    await tx
      .insert(settings)
      .values({ key: keyFor(actor.id), value: views, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: views, updatedAt: now } });
    await record({
      action: "Saved document views",
      subjectType: "user",
      subjectId: actor.id,
      data: { views: views.map((v) => v.name) },
    });
  });
  return views;
}
