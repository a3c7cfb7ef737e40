import { formatTextDay } from "@quire/contracts";
import { reviewStateOn } from "@quire/contracts";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import { utcDay } from "../../lib/clock";
import { SYSTEM_ACTOR, withTransaction, type RecordActivity } from "../activity/command";
import { lockDocument } from "../documents/repository";
import { notifyUsers } from "../notifications/service";
import { findControl, reviewsOwingNotice, updateControl } from "./repository";

/**
 * Periodic review at work: when an effective document's review comes within the due window its
 * owner is told once, and once more the day after the date passes (the review lapsed). A run
 * after a long pause sends only the latest notice that applies.
 */
const LEVEL = { due: 1, lapsed: 2 } as const;

async function noticeDocument(
  ctx: AppContext,
  tx: Database,
  record: RecordActivity,
  documentId: string,
  now: Date,
): Promise<boolean> {
  await lockDocument(tx, documentId);
  const row = await findControl(tx, documentId);
  if (!row || row.archived || row.effectiveVersion === null || !row.nextReviewOn) return false;
  const state = reviewStateOn(utcDay(now), row.nextReviewOn);
  const level = state === "overdue" ? LEVEL.lapsed : state === "due" ? LEVEL.due : 0;
  if (level <= row.reviewNoticeLevel) return false;
  await updateControl(tx, documentId, { reviewNoticeLevel: level });
  const lapsed = level === LEVEL.lapsed;
  await notifyUsers(
    tx,
    [row.ownerId],
    {
      kind: "periodic_review",
      title: lapsed ? "Periodic review lapsed" : "Periodic review due",
      body: lapsed
        ? `"${row.title}" was due for review on ${formatTextDay(row.nextReviewOn)}: re-confirm version ${row.effectiveVersion} or revise it`
        : `"${row.title}" is due for review on ${formatTextDay(row.nextReviewOn)}: re-confirm version ${row.effectiveVersion} or revise it`,
      message: {
        key: lapsed ? "periodicReviewLapsed" : "periodicReviewDue",
        params: { document: row.title, reviewOn: row.nextReviewOn, version: row.effectiveVersion },
      },
      documentId,
    },
    now,
    ctx.config.mail,
  );
  await record({
    action: "Periodic review due",
    subjectType: "document",
    subjectId: documentId,
    documentId,
    data: { version: row.effectiveVersion, nextReviewOn: row.nextReviewOn, lapsed },
  });
  return true;
}

/** Every document that owes its owner a reminder today gets it, one transaction each. Returns how many. */
export async function sendPeriodicReviewNotices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  for (const { id } of await reviewsOwingNotice(ctx.db, utcDay(now), 500)) {
    const done = await withTransaction(
      ctx,
      SYSTEM_ACTOR,
      (tx, record) => noticeDocument(ctx, tx, record, id, now),
      {
        at: now,
      },
    );
    if (done) sent += 1;
  }
  return sent;
}

export const periodicReviewJob = defineJob({
  kind: "periodic-review",
  payload: z.object({}),
  run: async (ctx) => {
    await sendPeriodicReviewNotices(ctx);
  },
});

/** Hourly: a day's reminders go out early on the day they become due. */
export const periodicReviewSchedule = defineSchedule({
  name: "periodic-review",
  rule: { cron: "41 * * * *" },
  job: periodicReviewJob,
  payload: {},
});
