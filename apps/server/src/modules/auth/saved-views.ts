import { savedViewsSchema, type SavedView } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { readSettingValue, writeSetting } from "../settings/repository";

/**
 * Saved views of All Documents, per user. They live in the key-value settings table under a
 * per-user key (one small JSON value each), so they need no table of their own; only the user
 * reads or writes their own key.
 */
const keyFor = (userId: string) => `savedViews:${userId}`;

export async function readSavedViews(ctx: AppContext, userId: string): Promise<SavedView[]> {
  const parsed = savedViewsSchema.safeParse((await readSettingValue(ctx.db, keyFor(userId))) ?? []);
  return parsed.success ? parsed.data : [];
}

export async function writeSavedViews(
  ctx: AppContext,
  actor: Actor,
  views: SavedView[],
): Promise<SavedView[]> {
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    await writeSetting(tx, keyFor(actor.id), views, now);
    await record({
      action: "Saved document views",
      subjectType: "user",
      subjectId: actor.id,
      data: { views: views.map((v) => v.name) },
    });
  });
  return views;
}
