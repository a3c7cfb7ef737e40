import type { DatabaseHandle, Unlisten } from "../db/client";

/** The NOTIFY channel that tells every worker process new jobs are queued. */
export const JOBS_CHANNEL = "quire_jobs";

export interface JobAnnouncer {
  /** New jobs were committed: wake this process's runners now and, on PostgreSQL, every other one. */
  announce(): void;
  /** Wakes `wake` at every announcement made in this process; answers how to stop. */
  onLocal(wake: () => void): () => void;
  /** Wakes `wake` whenever another process announces jobs (PostgreSQL); answers how to stop. */
  listen(wake: () => void): Promise<Unlisten>;
}

/**
 * Without this a worker in another process would see a new upload only at its next poll (up to a
 * second later, longer after backoff). Embedded storage has one process, so waking the local
 * runner is enough there.
 */
export function jobAnnouncer(database: DatabaseHandle): JobAnnouncer {
  const pool = database.pool;
  const local = new Set<() => void>();
  return {
    announce() {
      for (const wake of local) wake();
      if (!pool) return;
      // Best effort: a lost notification only delays the job until the next poll.
      pool.query("select pg_notify($1, '')", [JOBS_CHANNEL]).catch(() => {});
    },
    onLocal(wake) {
      local.add(wake);
      return () => local.delete(wake);
    },
    async listen(wake) {
      if (!pool) return async () => {};
      return database.listen(JOBS_CHANNEL, () => wake());
    },
  };
}
