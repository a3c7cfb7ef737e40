import { randomUUID } from "node:crypto";
import type { AppContext } from "../context";
import { claimJob, completeJob, failJob, renewLock, requeueAbandonedJobs, type JobRow } from "./queue";

export interface JobHandler {
  run(ctx: AppContext, job: JobRow): Promise<void>;
  /** Called once when the job has used all its attempts, e.g. to show the failure on the document. */
  onFinalFailure?(ctx: AppContext, job: JobRow, error: string): Promise<void>;
}

export interface RunnerOptions {
  pollMs?: number;
  /** A running job whose lock was not renewed for this long belongs to a dead process. */
  abandonAfterMs?: number;
  /** How often a running job renews its lock; well under abandonAfterMs. */
  heartbeatMs?: number;
}

/**
 * Runs jobs from the durable queue: in-process by default, or alone in `npm run worker`.
 * Several runners (threads of several processes) can share one PostgreSQL queue.
 */
export class JobRunner {
  readonly workerId = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly pollMs: number;
  private readonly abandonAfterMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    options: RunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    // A killed worker's job is picked up again about a minute later; a live one renews every 10 s.
    this.abandonAfterMs = options.abandonAfterMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
  }

  /** Runs one ready job, if any. Answers whether it found one. */
  async runOnce(): Promise<boolean> {
    const job = await claimJob(this.ctx.db, this.workerId, this.ctx.clock.now());
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    const heartbeat = setInterval(() => {
      renewLock(this.ctx.db, job.id, this.workerId, this.ctx.clock.now()).catch(() => {
        // A missed renewal only risks the job running twice; its steps are idempotent.
      });
    }, this.heartbeatMs);
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      await handler.run(this.ctx, job);
      await completeJob(this.ctx.db, job.id, this.ctx.clock.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = await failJob(this.ctx.db, job, message, this.ctx.clock.now());
      if (final) await handler?.onFinalFailure?.(this.ctx, job, message);
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  /** Runs ready jobs until none is left (tests, CLI imports). */
  async runUntilIdle(maxJobs = 10_000): Promise<number> {
    let count = 0;
    while (count < maxJobs && (await this.runOnce())) count++;
    return count;
  }

  /** At start-up: jobs a dead process left running go back to the queue. */
  async recover(everything: boolean): Promise<number> {
    const cutoff = everything ? null : new Date(this.ctx.clock.now().getTime() - this.abandonAfterMs);
    return requeueAbandonedJobs(this.ctx.db, cutoff);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.work();
  }

  /** New work was queued: skip the rest of the poll wait. */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  private async work(): Promise<void> {
    let lastRecovery = 0;
    while (this.running) {
      let found = false;
      try {
        const now = Date.now();
        if (now - lastRecovery > this.abandonAfterMs / 2) {
          lastRecovery = now;
          await this.recover(false);
        }
        found = await this.runOnce();
      } catch (error) {
        // The database may be briefly unreachable; keep the loop alive and try again after a pause.
        console.error("job runner:", error instanceof Error ? error.message : error);
      }
      if (!found && this.running) await this.sleep();
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}
