import { and, count, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { rowsOf } from "../db/rows";

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueInput {
  kind: string;
  payload: Record<string, unknown>;
  /** While a job with this key is queued or running, enqueueing the same key again does nothing. */
  dedupeKey?: string;
  /** When the job becomes ready: now, from the app's clock (not the database's, so tests can move time). */
  runAt: Date;
  maxAttempts?: number;
}

/** Inside the caller's transaction: the job exists exactly when the change that needs it exists. */
export async function enqueueJob(db: Database, input: EnqueueInput): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: input.kind,
      payload: input.payload,
      dedupeKey: input.dedupeKey ?? null,
      runAt: input.runAt,
      createdAt: input.runAt,
      updatedAt: input.runAt,
      ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
    })
    .onConflictDoNothing();
}

/**
 * Claims the oldest ready job. FOR UPDATE SKIP LOCKED lets several workers (processes) claim at
 * once without ever taking the same job.
 */
export async function claimJob(db: Database, workerId: string, now: Date): Promise<JobRow | null> {
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', locked_at = ${now}, locked_by = ${workerId},
      attempts = ${jobs.attempts} + 1, updated_at = ${now}
    where ${jobs.id} = (
      select id from ${jobs}
      where status = 'queued' and run_at <= ${now} and attempts < max_attempts
      order by run_at, id
      for update skip locked
      limit 1)
    returning id`);
  const [claimed] = rowsOf<{ id: number | string }>(result);
  if (!claimed) return null;
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, Number(claimed.id)));
  return row ?? null;
}

export async function completeJob(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "done", lockedAt: null, lockedBy: null, lastError: null, updatedAt: now })
    .where(eq(jobs.id, id));
}

/** Exponential backoff: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 5 * 60_000);
}

/** Answers whether the job has failed for good (no attempts left, or no attempt could succeed). */
export async function failJob(
  db: Database,
  job: JobRow,
  error: string,
  now: Date,
  options: { permanent?: boolean } = {},
): Promise<boolean> {
  const final = options.permanent === true || job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: final ? "failed" : "queued",
      runAt: final ? job.runAt : new Date(now.getTime() + backoffMs(job.attempts)),
      lockedAt: null,
      lockedBy: null,
      lastError: error.slice(0, 2000),
      updatedAt: now,
    })
    .where(eq(jobs.id, job.id));
  return final;
}

/** The running job is still alive: pushes its lock time forward so no other worker takes it. */
export async function renewLock(db: Database, id: number, workerId: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)));
}

/** The payload of the newest job of `kind` whose payload holds these fields (compared as text). */
export async function latestJobPayload(
  db: Database,
  kind: string,
  fields: Readonly<Record<string, string>>,
): Promise<unknown> {
  const [row] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        ...Object.entries(fields).map(([key, value]) => sql`${jobs.payload}->>${key} = ${value}`),
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return row?.payload;
}

/** How many jobs are in each of `statuses` (a status with none is left out). */
export async function countJobsByStatus(
  db: Database,
  statuses: readonly string[],
): Promise<Array<{ status: string; count: number }>> {
  return db
    .select({ status: jobs.status, count: count() })
    .from(jobs)
    .where(inArray(jobs.status, [...statuses]))
    .groupBy(jobs.status);
}

/** The workers holding running jobs: the runner asks which of them are dead. */
export async function runningJobOwners(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(and(eq(jobs.status, "running"), isNotNull(jobs.lockedBy)));
  return rows.map((r) => r.lockedBy).filter((id): id is string => id !== null);
}

/**
 * The last error of a job whose process died during its last attempt, around its two counts. It
 * states what happened and promises nothing after: this job runs no more, but a kind may queue a
 * fresh one from onFinalFailure (the search refit does), so "not retried" would be false there.
 */
const KILL_LIMIT_ERROR = [
  "The server stopped while running this job, ",
  " times out of ",
  " attempts (out of memory or killed), so it has used up its attempts.",
] as const;

/** What requeueAbandonedJobs records as the last error of a job it ends failed. */
export function killLimitError(attempts: number, maxAttempts: number): string {
  return `${KILL_LIMIT_ERROR[0]}${attempts}${KILL_LIMIT_ERROR[1]}${maxAttempts}${KILL_LIMIT_ERROR[2]}`;
}

/**
 * Whether a job ended failed by the kill limit (its process died during its last attempt), as
 * opposed to an error of its own or a job still waiting: its record says so, whatever its kind.
 */
export function endedByKillLimit(
  job: Pick<JobRow, "status" | "attempts" | "maxAttempts" | "lastError">,
): boolean {
  return (
    job.status === "failed" &&
    job.attempts >= job.maxAttempts &&
    job.lastError === killLimitError(job.attempts, job.maxAttempts)
  );
}

export interface AbandonedJobs {
  requeued: number;
  /** Jobs whose process died on their last attempt: they end failed, so a restart comes up. */
  failed: JobRow[];
}

/**
 * Jobs left "running" by a process that died go back to the queue (their steps are idempotent),
 * unless that was their last attempt: the attempt was counted when the job was claimed, so a job
 * that kills its process every time ends failed after max_attempts instead of looping forever.
 */
export async function requeueAbandonedJobs(
  db: Database,
  abandoned: { lockedBefore: Date | null; deadWorkers?: readonly string[] },
  now: Date,
): Promise<AbandonedJobs> {
  const { lockedBefore, deadWorkers = [] } = abandoned;
  const owner = or(
    lockedBefore ? lt(jobs.lockedAt, lockedBefore) : sql`true`,
    deadWorkers.length > 0 ? inArray(jobs.lockedBy, [...deadWorkers]) : undefined,
  );
  const running = and(eq(jobs.status, "running"), owner);
  const failed = await db
    .update(jobs)
    .set({
      status: "failed",
      lockedAt: null,
      lockedBy: null,
      lastError: sql`${KILL_LIMIT_ERROR[0]}::text || ${jobs.attempts} || ${KILL_LIMIT_ERROR[1]}::text || ${jobs.maxAttempts} || ${KILL_LIMIT_ERROR[2]}::text`,
      updatedAt: now,
    })
    .where(and(running, gte(jobs.attempts, jobs.maxAttempts)))
    .returning();
  const requeued = await db
    .update(jobs)
    .set({ status: "queued", lockedAt: null, lockedBy: null, updatedAt: now })
    .where(running)
    .returning({ id: jobs.id });
  return { requeued: requeued.length, failed };
}
