import { reviewStateOn, type ReviewDueItem } from "@quire/contracts";
import type { AppContext } from "../../context";
import { utcDay } from "../../lib/clock";
import { listableDocumentsWhere } from "../../policies/documents-where";
import type { Actor } from "../../policies/policy";
import { reviewsDue } from "./repository";

/** The dashboard's list holds at most this many, soonest first. */
const DUE_LIST_LIMIT = 50;

/** Effective documents the actor may list whose periodic review is due or lapsed, soonest first. */
export async function listReviewsDue(ctx: AppContext, actor: Actor): Promise<ReviewDueItem[]> {
  const today = utcDay(ctx.clock.now());
  const rows = await reviewsDue(ctx.db, listableDocumentsWhere(actor), today, DUE_LIST_LIMIT);
  return rows.flatMap((row) => {
    const state = reviewStateOn(today, row.nextReviewOn);
    if (
      (state !== "due" && state !== "overdue") ||
      row.nextReviewOn === null ||
      row.effectiveVersion === null
    )
      return [];
    return [
      {
        documentId: row.documentId,
        title: row.title,
        owner: row.owner,
        effectiveVersion: row.effectiveVersion,
        nextReviewOn: row.nextReviewOn,
        state,
      },
    ];
  });
}
