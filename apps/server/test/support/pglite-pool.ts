import { openDatabase, type DatabaseHandle } from "../../src/db/client";
import { pgliteClientOf, pgliteSnapshot } from "./db-snapshot";

/**
 * In-memory databases a test worker hands out again after emptying them. Opening one from the
 * migrated snapshot costs about 1.2 s (untar 42 MB, start PostgreSQL in WASM, check migrations);
 * emptying one costs a few milliseconds, and test files run one after another in a worker that
 * keeps its modules (isolate: false), so each worker opens one or two for the whole run.
 *
 * Emptied means as the snapshot left it: every table of `public` truncated with its sequences
 * restarted, and the rows migrations inserted (read from the fresh database) put back. A database
 * whose emptying fails (a test left it mid-transaction) is closed and never handed out again.
 */
interface Pooled {
  handle: DatabaseHandle;
  tables: string[];
  /** Per table the migrations filled, its rows as JSON. */
  seeded: Array<{ table: string; rows: string }>;
}

const idle: Pooled[] = [];

async function open(): Promise<Pooled> {
  const handle = await openDatabase({ memory: true, snapshot: await pgliteSnapshot() });
  const client = pgliteClientOf(handle);
  const { rows } = await client.query<{ name: string }>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1",
  );
  const tables = rows.map((r) => r.name);
  const seeded: Pooled["seeded"] = [];
  for (const table of tables) {
    const found = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${table} t`,
    );
    const json = found.rows[0]?.rows;
    if (json) seeded.push({ table, rows: json });
  }
  return { handle, tables, seeded };
}

async function empty({ handle, tables, seeded }: Pooled): Promise<void> {
  const client = pgliteClientOf(handle);
  await client.transaction(async (tx) => {
    await tx.exec(`truncate ${tables.join(", ")} restart identity cascade`);
    for (const { table, rows } of seeded) {
      await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [
        rows,
      ]);
    }
  });
}

/** A database as the snapshot left it; its close() empties it and returns it to this worker. */
export async function acquirePglite(): Promise<DatabaseHandle> {
  const pooled = idle.pop() ?? (await open());
  let released = false;
  return {
    ...pooled.handle,
    async close() {
      if (released) return;
      released = true;
      try {
        await empty(pooled);
        idle.push(pooled);
      } catch {
        await pooled.handle.close();
      }
    },
  };
}

/**
 * Closes every database waiting in this process's pool. A test worker's end stops them; a
 * benchmark process must close them, or PGlite's pending timers keep it alive for a minute or more.
 */
export async function closeIdlePglite(): Promise<void> {
  for (let pooled = idle.pop(); pooled; pooled = idle.pop()) await pooled.handle.close();
}
