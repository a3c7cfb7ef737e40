import type { AppContext } from "../../context";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { documentsWithOpenRound } from "./repository";
import { endRoundIfAssigneeShutOut, type RoundChange } from "./rounds";

/** Documents per transaction: each is locked while it is checked, so a batch stays short. */
const BATCH_SIZE = 100;

/**
 * Before access changes and disabled accounts ended the reviews that waited on the people they shut
 * out, such a review stayed open forever: nobody else may act in its assignee's place. This ends
 * each one as the live path would have (endRoundIfAssigneeShutOut: "Review withdrawn" in the
 * activity log, Draft again, owner and remaining assignees told why), as Quire (the system
 * actor: no person made this change). Each document with an open round is visited
 * once, a batch per transaction, so the work is bounded by the open rounds and no transaction
 * spans the archive; a round already ended is no longer open, so running it again (or in two
 * processes at once) ends nothing twice. Returns how many rounds it ended.
 */
export async function endStrandedRounds(
  ctx: AppContext,
  { batchSize = BATCH_SIZE }: { batchSize?: number } = {},
): Promise<number> {
  let ended = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await documentsWithOpenRound(ctx.db, "every", { after, limit: batchSize });
    if (batch.length === 0) return ended;
    const change: RoundChange = { by: SYSTEM_ACTOR, now: ctx.clock.now(), ctx };
    ended += await withTransaction(ctx, SYSTEM_ACTOR, async (tx) => {
      let n = 0;
      for (const documentId of batch) {
        if (await endRoundIfAssigneeShutOut(tx, documentId, change, "startup")) n += 1;
      }
      return n;
    });
    after = batch.at(-1);
  }
}
