import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import { takeTurns } from "./pglite-turns";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers give the same PostgreSQL dialect; services only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres";

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The connection string (PostgreSQL), or null for PGlite. */
  url: string | null;
  /**
   * Receives NOTIFY payloads sent on a channel by any process using this database (PostgreSQL),
   * or by this process (PGlite). Notifications sent inside a transaction arrive after its commit.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /** The PostgreSQL pool in scale-out mode (LISTEN/NOTIFY needs its own client). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
/** Any fixed number: several processes starting together run migrations one at a time. */
const MIGRATION_LOCK_KEY = 7_263_114;

export type DatabaseOptions =
  | { url: string }
  /** `snapshot` fills a new, empty data directory (tests); an existing one is opened as it is. */
  | { dataDir: string; snapshot?: Blob }
  /** In memory; tests start from a snapshot of a migrated database (PGlite's initdb costs seconds). */
  | { memory: true; snapshot?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) return openPostgres(options.url);
  let client: PGlite;
  let releaseLock = () => {};
  if ("dataDir" in options) {
    const dir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    releaseLock = lockDataDir(path.resolve(options.dataDir, "quire.lock"));
    try {
      const fresh = options.snapshot && !existsSync(path.join(dir, "PG_VERSION"));
      client = await PGlite.create(dir, fresh ? { loadDataDir: options.snapshot } : {});
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create(options.snapshot ? { loadDataDir: options.snapshot } : {});
  }
  // PGlite's pages are all in memory: reading one out of order costs about what the next one does.
  // At PostgreSQL's default (4) the planner read a mid-frequency lexeme's whole postings list and
  // sorted it rather than walk its impact index and stop at the limit (search's topPostings):
  // the statistics guess a few dozen postings for a lexeme outside their most common values.
  await client.exec("set random_page_cost = 1.1");
  takeTurns(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    url: null,
    pool: null,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection the server drops (restart, admin termination) must not crash the process: the
  // query on it fails on its own, and the pool opens a fresh connection for the next one.
  pool.on("error", () => undefined);
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    url,
    pool,
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/** A connection of its own: LISTEN belongs to a session, and pooled connections come and go. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Unlisten> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    // A dropped connection is re-established: events must keep flowing after a database restart.
    next.on("error", () => {
      next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
