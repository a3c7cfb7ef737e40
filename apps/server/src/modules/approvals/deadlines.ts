import { roundReasonText, type RoundReason } from "@quire/contracts";
import { and, eq, inArray, isNotNull, lt, lte } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { approvals, documents } from "../../db/schema";
import { raise } from "../../events/subscriber";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { appendActivity } from "../activity/repository";
import { lockDocument } from "../documents/repository";
import { addDays, utcDate } from "./delegation";
import { findLatestRound, findReviewers, updateRound, usernamesOf } from "./repository";
import { OVERDUE_NOTICE } from "./deadline-levels";
import { readSnapshot } from "./templates";

/**
 * A stage's due date at work: the day before it and on the day, the round raises
 * `approval.dueSoon` for its people still waited on; the day after, `approval.overdue` with the
 * escalation's activity entry. Who is told is the notifications module's subscriber. Each notice
 * goes out once per stage (the round's notice level); a run after a long pause sends only the
 * latest notice that applies, not each one it missed.
 */

const LEVEL = { dayBefore: 1, dueDay: 2, overdue: OVERDUE_NOTICE } as const;

function levelOn(today: string, dueOn: string): number {
  if (today > dueOn) return LEVEL.overdue;
  if (today === dueOn) return LEVEL.dueDay;
  return addDays(today, 1) === dueOn ? LEVEL.dayBefore : 0;
}

/** Open rounds whose due date is tomorrow or earlier and that still owe a notice. */
async function dueRounds(db: Database, today: string): Promise<Array<{ id: string; documentId: string }>> {
  return db
    .select({ id: approvals.id, documentId: approvals.documentId })
    .from(approvals)
    .where(
      and(
        inArray(approvals.stage, ["Awaiting Review", "Awaiting Approval"]),
        isNotNull(approvals.dueOn),
        lte(approvals.dueOn, addDays(today, 1)),
        lt(approvals.noticeLevel, LEVEL.overdue),
      ),
    )
    .orderBy(approvals.dueOn, approvals.id)
    .limit(500);
}

async function titleOf(db: Database, documentId: string): Promise<string> {
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.title ?? "a document";
}

/** Raises the one notice this round owes today, if any; returns whether it raised one. */
async function noticeRound(
  ctx: AppContext,
  tx: Database,
  ref: { id: string; documentId: string },
  now: Date,
) {
  await lockDocument(tx, ref.documentId);
  const round = await findLatestRound(tx, ref.documentId, true);
  if (!round || round.id !== ref.id || !round.dueOn) return false;
  if (round.stage !== "Awaiting Review" && round.stage !== "Awaiting Approval") return false;
  const level = levelOn(utcDate(now), round.dueOn);
  if (level <= round.noticeLevel) return false;
  await updateRound(tx, round.id, { noticeLevel: level });
  const about = {
    approvalId: round.id,
    documentId: round.documentId,
    documentTitle: await titleOf(tx, round.documentId),
    stageName: readSnapshot(round.template)[round.step]?.name ?? "its stage",
    dueOn: round.dueOn,
  };
  const waitingIds = (await findReviewers(tx, [round.id]))
    .filter((s) => s.stageIndex === round.step && s.status === "Pending")
    .map((s) => s.reviewerId);
  if (level === LEVEL.overdue) await escalate(ctx, tx, about, waitingIds, now);
  else {
    const dueToday = level === LEVEL.dueDay;
    await raise(ctx, tx, {
      type: "approval.dueSoon",
      by: SYSTEM_ACTOR,
      at: now,
      ...about,
      dueToday,
      waitingIds,
    });
  }
  return true;
}

/** The overdue stage's activity entry, and the event that tells the Admins. */
async function escalate(
  ctx: AppContext,
  tx: Database,
  about: { approvalId: string; documentId: string; documentTitle: string; stageName: string; dueOn: string },
  waitingIds: string[],
  now: Date,
): Promise<void> {
  const waitingNames = [...(await usernamesOf(tx, waitingIds)).values()].sort();
  // Kept as facts beside the English, so each reader's history says it in their language.
  const reason: RoundReason = {
    code: "overdue",
    stage: about.stageName,
    dueOn: about.dueOn,
    waiting: waitingNames,
  };
  await appendActivity(
    tx,
    {
      action: "Escalated: overdue",
      subjectType: "approval",
      subjectId: about.approvalId,
      documentId: about.documentId,
      approvalId: about.approvalId,
      comment: roundReasonText(reason),
      data: { reason },
    },
    { userId: null, system: true, ip: null, at: now },
  );
  await raise(ctx, tx, { type: "approval.overdue", by: SYSTEM_ACTOR, at: now, ...about, waitingNames });
}

/** Every round that owes a notice today gets it, one transaction per round. Returns how many. */
export async function sendDeadlineNotices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let sent = 0;
  for (const ref of await dueRounds(ctx.db, utcDate(now))) {
    const done = await withTransaction(ctx, SYSTEM_ACTOR, (tx) => noticeRound(ctx, tx, ref, now), {
      at: now,
    });
    if (done) sent += 1;
  }
  return sent;
}

export const approvalDeadlinesJob = defineJob({
  kind: "approval-deadlines",
  payload: z.object({}),
  run: async (ctx) => {
    await sendDeadlineNotices(ctx);
  },
});

/** Every quarter of an hour: a day's notices go out early in the day they are due. */
export const approvalDeadlinesSchedule = defineSchedule({
  name: "approval-deadlines",
  rule: { cron: "7,22,37,52 * * * *" },
  job: approvalDeadlinesJob,
  payload: {},
});
