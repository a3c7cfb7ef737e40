import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { rowsOf } from "../modules/documents/access";

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
      where status = 'queued' and run_at <= ${now}
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

/** Answers whether the job has failed for good (no attempts left). */
export async function failJob(db: Database, job: JobRow, error: string, now: Date): Promise<boolean> {
  const final = job.attempts >= job.maxAttempts;
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

/** Jobs left "running" by a process that died go back to the queue (their steps are idempotent). */
export async function requeueAbandonedJobs(db: Database, lockedBefore: Date | null): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: "queued", lockedAt: null, lockedBy: null })
    .where(and(eq(jobs.status, "running"), lockedBefore ? lt(jobs.lockedAt, lockedBefore) : undefined))
    .returning({ id: jobs.id });
  return rows.length;
}
