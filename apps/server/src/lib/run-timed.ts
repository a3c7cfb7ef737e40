import type { LimitFunction } from "p-limit";

/** A worker pool that runs a task until it ends or its signal aborts it (Piscina's shape). */
export interface TaskPool<T, R> {
  run(task: T, options: { signal: AbortSignal }): Promise<R>;
}

/**
 * Runs a task once one of `slots` is free, with its time limit armed when it starts. Tasks wait
 * here rather than in the pool's own queue, so the limit counts a task's own work: with the limit
 * armed at submission, a task queued behind long ones under load was refused as too slow without
 * having run.
 */
export function runTimed<T, R>(
  pool: TaskPool<T, R>,
  slots: LimitFunction,
  task: T,
  timeoutMs: number,
): Promise<R> {
  return slots(() => pool.run(task, { signal: AbortSignal.timeout(timeoutMs) }));
}
