import type { z } from "zod";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { enqueueJob, type JobRow } from "./queue";

/**
 * Thrown by a job that no further attempt could finish (a file the converter refuses): the job
 * ends failed at once with this message, and its final-failure hook runs.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** What the runner calls for a job of one kind (defineJob builds it). */
export interface JobHandler {
  run(ctx: AppContext, job: JobRow): Promise<void>;
  /** Called once when the job has used all its attempts, e.g. to show the failure on the document. */
  onFinalFailure?(ctx: AppContext, job: JobRow, error: string): Promise<void>;
}

interface JobSpec<P extends Record<string, unknown>> {
  kind: string;
  /** Checks what was stored before the job runs: a malformed payload fails with the schema's reason. */
  payload: z.ZodType<P>;
  /** Attempts before the job ends failed (the queue's default when absent). */
  maxAttempts?: number;
  run(ctx: AppContext, payload: P, job: JobRow): Promise<void>;
  /**
   * Once the job has used all its attempts, e.g. to show the failure on the document. `job` is its
   * row as it ended (endedByKillLimit tells a process killed at its last attempt from an error).
   */
  onFinalFailure?(ctx: AppContext, payload: P, error: string, job: JobRow): Promise<void>;
}

export interface JobDefinition<P extends Record<string, unknown>> extends JobHandler {
  kind: string;
  /** Queues the job in the caller's transaction: it exists exactly when the change that needs it does. */
  enqueue(db: Database, payload: P, options: { runAt: Date; dedupeKey?: string }): Promise<void>;
}

/**
 * A background job declared by the module that owns it: its kind, the zod schema of its payload
 * and what it does. The app collects the definitions for the runner; callers enqueue through the
 * definition, so a payload is typed where it is written and checked where it is read.
 */
export function defineJob<P extends Record<string, unknown>>(spec: JobSpec<P>): JobDefinition<P> {
  const parse = (job: JobRow): P => {
    const parsed = spec.payload.safeParse(job.payload);
    if (!parsed.success)
      throw new Error(`malformed ${spec.kind} payload: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };
  return {
    kind: spec.kind,
    run: (ctx, job) => spec.run(ctx, parse(job), job),
    ...(spec.onFinalFailure
      ? {
          onFinalFailure: async (ctx: AppContext, job: JobRow, error: string) => {
            const parsed = spec.payload.safeParse(job.payload);
            if (parsed.success) await spec.onFinalFailure?.(ctx, parsed.data, error, job);
          },
        }
      : {}),
    enqueue: (db, payload, options) =>
      enqueueJob(db, {
        kind: spec.kind,
        payload,
        runAt: options.runAt,
        ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
        ...(spec.maxAttempts ? { maxAttempts: spec.maxAttempts } : {}),
      }),
  };
}
