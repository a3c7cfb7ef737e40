import pg from "pg";
import { cacheSlot, type AppContext } from "../context";

/**
 * Tells whether the worker that locked a job is still alive, so a killed process's jobs are taken
 * back at once instead of after its lock has aged. Age stays the fallback (see JobRunner).
 */
export interface WorkerLiveness {
  /** Marks this worker alive for as long as its process (and its database session) lives. */
  register(workerId: string): Promise<void>;
  /** Of these worker ids, the ones known to be dead. Unknown or unsure counts as alive. */
  deadAmong(workerIds: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Advisory-lock keys: the two-integer form, so they never meet the single-bigint keys used for
 * migrations. The second key is PostgreSQL's own hashtext() of the worker id.
 */
const WORKER_LOCK_CLASS = 7_263_115;

/** Embedded storage: the workers alive in this process, one set per context (and so per open database). */
const embeddedWorkers = cacheSlot("jobs.embedded-workers", () => new Set<string>());

export function createWorkerLiveness(ctx: Pick<AppContext, "database" | "caches">): WorkerLiveness {
  const { database } = ctx;
  if (database.kind === "postgres" && database.url)
    return new SessionLockLiveness(database.url, database.pool);
  return new InProcessLiveness(ctx.caches.get(embeddedWorkers));
}

/**
 * Embedded storage: a lock file lets only one process open the data directory, so the workers
 * registered in this process are the only live ones.
 */
class InProcessLiveness implements WorkerLiveness {
  private readonly mine = new Set<string>();

  constructor(private readonly alive: Set<string>) {}

  register(workerId: string): Promise<void> {
    this.alive.add(workerId);
    this.mine.add(workerId);
    return Promise.resolve();
  }

  deadAmong(workerIds: readonly string[]): Promise<string[]> {
    return Promise.resolve(workerIds.filter((id) => !this.alive.has(id)));
  }

  close(): Promise<void> {
    for (const id of this.mine) this.alive.delete(id);
    this.mine.clear();
    return Promise.resolve();
  }
}

/**
 * PostgreSQL: each worker holds a session-level advisory lock on a connection of its own. When
 * its process dies the server closes that session and releases the lock, so another worker that
 * can take the lock knows the owner is gone, within a second rather than a minute.
 */
class SessionLockLiveness implements WorkerLiveness {
  private client: pg.Client | null = null;
  private workerId: string | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool | null,
  ) {}

  async register(workerId: string): Promise<void> {
    this.workerId = workerId;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed || !this.workerId) return;
    const client = new pg.Client({ connectionString: this.url });
    // A dropped session loses the lock; take it again so this worker does not look dead for long.
    // Until then another worker may requeue this one's job, which only risks running it twice
    // (job steps are idempotent).
    client.on("error", () => {
      client.end().catch(() => undefined);
      if (this.client === client) this.client = null;
      if (!this.closed) setTimeout(() => void this.connect().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query("select pg_advisory_lock($1, hashtext($2))", [WORKER_LOCK_CLASS, this.workerId]);
    this.client = client;
  }

  async deadAmong(workerIds: readonly string[]): Promise<string[]> {
    const others = workerIds.filter((id) => id !== this.workerId);
    if (others.length === 0 || !this.pool) return [];
    // Trying the lock must happen on one session, and a lock taken must be given back on it.
    const session = await this.pool.connect();
    try {
      const dead: string[] = [];
      for (const id of others) {
        const { rows } = await session.query<{ free: boolean }>(
          "select pg_try_advisory_lock($1, hashtext($2)) as free",
          [WORKER_LOCK_CLASS, id],
        );
        if (rows[0]?.free) {
          dead.push(id);
          await session.query("select pg_advisory_unlock($1, hashtext($2))", [WORKER_LOCK_CLASS, id]);
        }
      }
      return dead;
    } finally {
      session.release();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
