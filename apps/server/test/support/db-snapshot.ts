import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../src/db/client";

/**
 * Test databases start from a database that already has every migration: running initdb and
 * migrations 0000… for each test file cost seconds per file. The suite's global set-up makes the
 * migrated database once per run (global-setup.ts) and names it in these variables; a test
 * run without it (one file through another runner, the benchmarks) makes it on first use.
 * Migrations still run on every open, so a stale template can only cost time, never correctness.
 */
export const SNAPSHOT_ENV = "QUIRE_TEST_PGLITE_SNAPSHOT";
export const TEMPLATE_ENV = "QUIRE_TEST_PG_TEMPLATE";

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * A short hash of every migration file and of PGlite's version: a new migration or PGlite makes a
 * new snapshot and template.
 */
export function migrationsHash(): string {
  const hash = createHash("sha256");
  const pglite = path.resolve(
    createRequire(import.meta.url).resolve("@electric-sql/pglite"),
    "../../package.json",
  );
  hash.update(readFileSync(pglite));
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The PGlite instance under an in-memory database handle (drizzle keeps it as `$client`). */
export const pgliteClientOf = (handle: DatabaseHandle): PGlite =>
  (handle.db as unknown as { $client: PGlite }).$client;

/** The migrated PGlite data directory as a tar file in the temp folder, made if missing; returns its path. */
export async function ensurePgliteSnapshot(): Promise<string> {
  const file = path.join(tmpdir(), `quire-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const fresh = await openDatabase({ memory: true });
  const client = pgliteClientOf(fresh);
  const dump = await client.dumpDataDir("none");
  await fresh.close();
  // Several processes may race to write it: each writes its own file, the rename is atomic.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

let loaded: { file: string; blob: Blob } | undefined;

/** The snapshot's bytes, read once per process (files run one after another in a test worker). */
export async function pgliteSnapshot(): Promise<Blob> {
  const file = process.env[SNAPSHOT_ENV] || (await ensurePgliteSnapshot());
  if (loaded?.file !== file) loaded = { file, blob: new Blob([readFileSync(file)]) };
  return loaded.blob;
}

/**
 * A migrated template database on the PostgreSQL server `serverUrl` names, made once per set of
 * migrations and role (kept between runs, like the PGlite snapshot); returns its name. Test databases are
 * copies of it (`create database … template …`), which takes a fraction of running migrations.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Per role: only its owner (or a superuser) may copy a database.
    const { rows } = await admin.query<{ role: string }>("select current_user as role");
    const role = (rows[0]?.role ?? "")
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, "_")
      .slice(0, 24);
    const name = `quire_template_${migrationsHash()}_${role}`;
    // One process at a time makes it; the others wait here and find it made.
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await buildTemplate(admin, serverUrl, name);
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

async function buildTemplate(admin: pg.Client, serverUrl: string, name: string): Promise<void> {
  const building = `${name}_building`.slice(0, 63);
  await admin.query(`drop database if exists ${building} with (force)`);
  await admin.query(`create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ url: url.toString() });
  await database.close();
  // Renamed only once complete, so an interrupted build is never used as a template.
  await admin.query(`alter database ${building} rename to ${name}`);
}

/** Any fixed number, distinct from the migration lock's. */
const TEMPLATE_LOCK_KEY = 7_263_116;
