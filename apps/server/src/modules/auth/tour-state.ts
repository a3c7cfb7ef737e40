import type { TourState } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { readSettingValue, writeSetting } from "../settings/repository";

/**
 * Whether a user finished the guided tour, per user in the key-value settings table (one small
 * value each, like saved views), so a new device does not start it again.
 */
const keyFor = (userId: string) => `tourCompleted:${userId}`;

export async function readTourState(ctx: AppContext, userId: string): Promise<TourState> {
  return { completed: (await readSettingValue(ctx.db, keyFor(userId))) === true };
}

export async function writeTourState(ctx: AppContext, actor: Actor, state: TourState): Promise<TourState> {
  const now = ctx.clock.now();
  await withTransaction(ctx, actor, async (tx, record) => {
    await writeSetting(tx, keyFor(actor.id), state.completed, now);
    await record({
      action: state.completed ? "Completed the guided tour" : "Reset the guided tour",
      subjectType: "user",
      subjectId: actor.id,
    });
  });
  return state;
}
