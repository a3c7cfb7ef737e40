import type { Delegation, DelegationView, SnapshotStage } from "@quire/contracts";
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { outOfOffice } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { documentViewerIds } from "../../policies/documents-where";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { appendActivity } from "../activity/repository";
import { eligibleForStage } from "./policy";
import { delegateSeat, findReviewers, usernamesOf } from "./repository";
import { peopleWithGroups } from "./stage-assignment";

/**
 * Out of office: from one date to another (inclusive, UTC) a colleague acts for a user. It is
 * resolved when a stage opens and its seats are handed out: the seat goes to the delegate, recorded
 * as "delegate for user", if the delegate could sit there themselves (in the stage's pool, not the
 * document's owner, able to open it, not already in the round); otherwise the user keeps it.
 */

/** The UTC calendar date of `at`, as the date columns hold it. */
export const utcDate = (at: Date): string => at.toISOString().slice(0, 10);

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDate(d);
}

export async function getDelegation(ctx: AppContext, actor: Actor): Promise<DelegationView> {
  const [row] = await ctx.db.select().from(outOfOffice).where(eq(outOfOffice.userId, actor.id));
  if (!row) return { delegation: null, delegateName: null };
  const names = await usernamesOf(ctx.db, [row.delegateId]);
  return {
    delegation: { from: row.startsOn, until: row.endsOn, delegateId: row.delegateId },
    delegateName: names.get(row.delegateId) ?? null,
  };
}

export async function setDelegation(
  ctx: AppContext,
  actor: Actor,
  delegation: Delegation | null,
): Promise<DelegationView> {
  if (delegation) {
    if (delegation.delegateId === actor.id)
      throw badRequest("delegateId: choose someone other than yourself");
    const [delegate] = (await peopleWithGroups(ctx.db, [delegation.delegateId])).values();
    if (!delegate) throw badRequest("delegateId: no active user has that id");
  }
  await withTransaction(ctx, actor, async (tx, record) => {
    await tx.delete(outOfOffice).where(eq(outOfOffice.userId, actor.id));
    if (delegation)
      await tx.insert(outOfOffice).values({
        userId: actor.id,
        startsOn: delegation.from,
        endsOn: delegation.until,
        delegateId: delegation.delegateId,
      });
    await record({
      action: delegation ? "Set out of office" : "Cleared out of office",
      subjectType: "user",
      subjectId: actor.id,
      data: delegation ? { ...delegation } : null,
    });
  });
  return getDelegation(ctx, actor);
}

/** Who is out of office on `date`, with their delegate. */
async function absentOn(db: Database, userIds: readonly string[], date: string) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ userId: outOfOffice.userId, delegateId: outOfOffice.delegateId })
    .from(outOfOffice)
    .where(
      and(
        inArray(outOfOffice.userId, [...userIds]),
        lte(outOfOffice.startsOn, date),
        gte(outOfOffice.endsOn, date),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.delegateId]));
}

export interface OpeningRound {
  id: string;
  documentId: string;
  ownerId: string;
}

/**
 * Hands out stage `index`'s seats as it opens at `now`: each person out of office that day passes
 * their seat to their delegate where the delegate may take it. Returns who is asked to act.
 */
export async function handOutSeats(
  tx: Database,
  round: OpeningRound,
  stage: SnapshotStage,
  index: number,
  now: Date,
  actorId: string | null,
): Promise<string[]> {
  const seats = await findReviewers(tx, [round.id]);
  const open = seats.filter((s) => s.stageIndex === index && s.status === "Pending");
  const absent = await absentOn(
    tx,
    open.filter((s) => !s.groupId).map((s) => s.reviewerId),
    utcDate(now),
  );
  if (absent.size === 0) return open.map((s) => s.reviewerId);
  const seated = new Set(seats.map((s) => s.reviewerId));
  const [delegates, viewers] = await Promise.all([
    peopleWithGroups(tx, [...absent.values()]),
    documentViewerIds(tx, round.documentId, { lifecycle: false }),
  ]);
  const names = await usernamesOf(tx, [...absent.keys(), ...absent.values()]);
  const asked: string[] = [];
  for (const seat of open) {
    const delegate = delegates.get(absent.get(seat.reviewerId) ?? "");
    const mayTake =
      delegate &&
      delegate.id !== round.ownerId &&
      !seated.has(delegate.id) &&
      viewers.includes(delegate.id) &&
      eligibleForStage(delegate, stage);
    if (!delegate || !mayTake) {
      asked.push(seat.reviewerId);
      continue;
    }
    await delegateSeat(tx, { approvalId: round.id, reviewerId: seat.reviewerId }, delegate.id, now);
    seated.add(delegate.id);
    asked.push(delegate.id);
    await appendActivity(
      tx,
      {
        action: "Delegated",
        subjectType: "approval",
        subjectId: round.id,
        documentId: round.documentId,
        approvalId: round.id,
        comment: `${names.get(delegate.id)} for ${names.get(seat.reviewerId)} at ${stage.name} (out of office)`,
        data: { delegateId: delegate.id, onBehalfOf: seat.reviewerId },
      },
      { userId: actorId, ip: null, at: now },
    );
  }
  return asked;
}

/** The open stage's due date, if its template gives it days. */
export const dueOnFor = (stage: Pick<SnapshotStage, "dueDays">, now: Date): string | null =>
  stage.dueDays === null ? null : addDays(utcDate(now), stage.dueDays);
