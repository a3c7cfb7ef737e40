import { randomUUID } from "node:crypto";
import type { AppContext } from "../context";
import { PermanentJobError, type JobHandler } from "./define";
import type { WorkerLiveness } from "./liveness";
import type { ActiveSchedule, ScheduleDefinition } from "./schedule";
import { fireDueSchedules, syncSchedules } from "./scheduler";
import {
  claimJob,
  completeJob,
  failJob,
  renewLock,
  requeueAbandonedJobs,
  runningJobOwners,
  type JobRow,
} from "./queue";

export type { JobHandler } from "./define";

export interface RunnerOptions {
  pollMs?: number;
  /** A running job whose lock was not renewed for this long belongs to a dead process. */
  abandonAfterMs?: number;
  /** How often a running job renews its lock; well under abandonAfterMs. */
  heartbeatMs?: number;
  /** How often the running loop looks for jobs of dead workers (by liveness, then by lock age). */
  recoverEveryMs?: number;
  /** The schedules whose occurrences this runner fires (services.ts collects them). */
  schedules?: readonly ScheduleDefinition[];
  /** How often the running loop fires due occurrences (the clock's time decides what is due). */
  scheduleEveryMs?: number;
  /**
   * Jobs this runner works on at once (JOB_CONCURRENCY). A job mostly waits (for a conversion or
   * text-work thread, the database), so one at a time left the second conversion thread idle.
   */
  concurrency?: number;
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
  /** A wake() that came while the loop was not asleep: its next sleep returns at once. */
  private woken = false;
  private readonly pollMs: number;
  private readonly abandonAfterMs: number;
  private readonly heartbeatMs: number;
  private readonly recoverEveryMs: number;
  private readonly scheduleEveryMs: number;
  readonly concurrency: number;
  private readonly schedules: readonly ActiveSchedule[];
  private registered: Promise<void> | null = null;
  private synced: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    private readonly liveness: WorkerLiveness,
    options: RunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    // Liveness finds a killed worker's jobs within seconds; a lock that stopped being renewed for a
    // minute is the fallback (e.g. a worker hung without dying). A live one renews every 10 s.
    this.abandonAfterMs = options.abandonAfterMs ?? 60_000;
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.recoverEveryMs = options.recoverEveryMs ?? 5_000;
    this.scheduleEveryMs = options.scheduleEveryMs ?? 5_000;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.schedules = (options.schedules ?? []).flatMap((s) => s.activate(ctx.config) ?? []);
  }

  /**
   * Fires the occurrences due by the clock, each once across every process, as queued jobs (run
   * by this or any runner). The schedules' rows are written on the first call. Answers the names fired.
   */
  async fireSchedules(): Promise<string[]> {
    if (this.schedules.length === 0) return [];
    this.synced ??= syncSchedules(this.ctx.db, this.schedules, this.ctx.clock.now()).catch(
      (error: unknown) => {
        this.synced = null;
        throw error;
      },
    );
    await this.synced;
    const fired = await fireDueSchedules(this.ctx.db, this.schedules, this.ctx.clock.now());
    if (fired.length > 0) this.ctx.notifyJobs();
    return fired;
  }

  /** This worker is alive from its first claim on, so others never take its jobs as abandoned. */
  private register(): Promise<void> {
    this.registered ??= this.liveness.register(this.workerId).catch((error: unknown) => {
      this.registered = null;
      throw error;
    });
    return this.registered;
  }

  /** Claims the oldest ready job for this worker, if any. */
  private async claim(): Promise<JobRow | null> {
    await this.register();
    return claimJob(this.ctx.db, this.workerId, this.ctx.clock.now());
  }

  /** Runs a claimed job to its end (done, queued again, or failed), renewing its own lock meanwhile. */
  private async execute(job: JobRow): Promise<void> {
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
      const permanent = error instanceof PermanentJobError;
      const final = await failJob(this.ctx.db, job, message, this.ctx.clock.now(), { permanent });
      if (final) await handler?.onFinalFailure?.(this.ctx, job, message);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Runs one ready job, if any. Answers whether it found one. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /**
   * Runs ready jobs until none is left and none is running (tests, CLI imports), up to
   * `concurrency` at once; jobs queued by the running ones are run too. Answers how many ran.
   */
  async runUntilIdle(maxJobs = 10_000): Promise<number> {
    const inFlight = new Set<Promise<void>>();
    let count = 0;
    for (;;) {
      while (inFlight.size < this.concurrency && count < maxJobs) {
        const job = await this.claim();
        if (!job) break;
        count++;
        const running: Promise<void> = this.execute(job).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      if (inFlight.size === 0) return count;
      await Promise.race(inFlight);
    }
  }

  /**
   * Jobs a dead process left running go back to the queue: at start-up (everything, when this is
   * the only process), then regularly for workers found dead or locks that stopped being renewed.
   * A job that was on its last attempt ends failed and its handler shows the failure.
   */
  async recover(everything: boolean): Promise<number> {
    const now = this.ctx.clock.now();
    const lockedBefore = everything ? null : new Date(now.getTime() - this.abandonAfterMs);
    const owners = everything ? [] : await runningJobOwners(this.ctx.db);
    const deadWorkers = owners.length > 0 ? await this.liveness.deadAmong(owners) : [];
    const { requeued, failed } = await requeueAbandonedJobs(this.ctx.db, { lockedBefore, deadWorkers }, now);
    for (const job of failed) {
      await this.handlers.get(job.kind)?.onFinalFailure?.(this.ctx, job, job.lastError ?? "stopped");
    }
    return requeued + failed.length;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.work();
  }

  /** New work was queued: skip the rest of the poll wait. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await this.liveness.close();
  }

  private async work(): Promise<void> {
    let lastRecovery = 0;
    let lastSchedule = 0;
    const inFlight = new Set<Promise<void>>();
    while (this.running) {
      try {
        const now = Date.now();
        if (now - lastRecovery > this.recoverEveryMs) {
          lastRecovery = now;
          await this.recover(false);
        }
        if (now - lastSchedule > this.scheduleEveryMs) {
          lastSchedule = now;
          await this.fireSchedules();
        }
        while (this.running && inFlight.size < this.concurrency) {
          const job = await this.claim();
          if (!job) break;
          // A finished job frees a place: the loop claims the next one at once.
          const running: Promise<void> = this.execute(job)
            .catch((error: unknown) => {
              console.error("job runner:", error instanceof Error ? error.message : error);
            })
            .finally(() => {
              inFlight.delete(running);
              this.wake();
            });
          inFlight.add(running);
        }
      } catch (error) {
        // The database may be briefly unreachable; keep the loop alive and try again after a pause.
        console.error("job runner:", error instanceof Error ? error.message : error);
      }
      // Asleep until a job ends, new work is announced, or the poll interval passes.
      if (this.running) await this.sleep();
    }
    // Stopping waits for the jobs in hand.
    await Promise.all(inFlight);
  }

  private sleep(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.wakeUp = done;
    });
  }
}
