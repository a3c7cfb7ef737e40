import { and, eq, inArray, isNotNull, isNull, lt, lte } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { approvals, documents, users } from "../../db/schema";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { appendActivity } from "../activity/repository";
import { lockDocument } from "../documents/repository";
import { notifyUsers } from "../notifications/service";
import { addDays, utcDate } from "./delegation";
import { findLatestRound, findReviewers, updateRound, usernamesOf, type ApprovalRow } from "./repository";
import { readSnapshot } from "./templates";

/**
 * A stage's due date at work: the day before it and on the day, its people still waited on are
 * reminded; the day after, the stage is overdue and the Admins are told whom it waits on. Each
 * notice goes out once per stage (the round's notice level); a run after a long pause sends only
 * the latest notice that applies, not each one it missed.
 */

const LEVEL = { dayBefore: 1, dueDay: 2, overdue: 3 } as const;

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

async function activeAdmins(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "Admin"), isNull(users.disabledAt)));
  return rows.map((r) => r.id);
}

async function titleOf(db: Database, documentId: string): Promise<string> {
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.title ?? "a document";
}

/** Sends the one notice this round owes today, if any; returns whether it sent one. */
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
  const stage = readSnapshot(round.template)[round.step]?.name ?? "its stage";
  const waiting = (await findReviewers(tx, [round.id]))
    .filter((s) => s.stageIndex === round.step && s.status === "Pending")
    .map((s) => s.reviewerId);
  const title = await titleOf(tx, round.documentId);
  if (level === LEVEL.overdue) await escalate(ctx, tx, round, { stage, title, waiting }, now);
  else {
    const when = level === LEVEL.dueDay ? "today" : `tomorrow (${round.dueOn})`;
    const note = {
      kind: "review_reminder" as const,
      title: level === LEVEL.dueDay ? "Review due today" : "Review due tomorrow",
      body: `${stage} of "${title}" is due ${when}; it waits on you`,
      documentId: round.documentId,
    };
    await notifyUsers(tx, waiting, note, now, ctx.config.mail);
  }
  return true;
}

async function escalate(
  ctx: AppContext,
  tx: Database,
  round: ApprovalRow,
  about: { stage: string; title: string; waiting: string[] },
  now: Date,
): Promise<void> {
  const names = await usernamesOf(tx, about.waiting);
  const who = [...names.values()].sort().join(", ") || "nobody who can still act";
  const note = {
    kind: "review_overdue" as const,
    title: "Review overdue",
    body: `${about.stage} of "${about.title}" was due on ${round.dueOn} and still waits on ${who}`,
    documentId: round.documentId,
  };
  await notifyUsers(tx, await activeAdmins(tx), note, now, ctx.config.mail);
  await appendActivity(
    tx,
    {
      action: "Escalated: overdue",
      subjectType: "approval",
      subjectId: round.id,
      documentId: round.documentId,
      approvalId: round.id,
      comment: `${about.stage} was due on ${round.dueOn}; waiting on ${who}`,
    },
    { userId: null, system: true, ip: null, at: now },
  );
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
