import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers give the same PostgreSQL dialect; services only ever see this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The PostgreSQL pool in scale-out mode (LISTEN/NOTIFY needs its own client). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
/** Any fixed number: several processes starting together run migrations one at a time. */
const MIGRATION_LOCK_KEY = 7_263_114;

export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) return openPostgres(options.url);
  let client: PGlite;
  if ("dataDir" in options) {
    const dir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    pool: null,
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
    pool,
    close: () => pool.end(),
  };
}
