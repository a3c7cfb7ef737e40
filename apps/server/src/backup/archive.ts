import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { rowsOf } from "../db/rows";
import type { BlobStore } from "../storage/blob-store";
import { APP_VERSION } from "../version";

export const BACKUP_FORMAT = "quire-backup";
const PAGE = 500;

/**
 * Not carried over: sign-in state (sessions, failed sign-ins) is per installation; original bytes
 * travel as blob lines whatever the blob store, so blob_data is never copied as rows; and the
 * search statistics are derived: the triggers on chunks rebuild them, exactly, as the restore
 * inserts the passages (copying them as well would count every passage twice).
 */
const SKIPPED = new Set([
  "sessions",
  "login_failures",
  "blob_data",
  "search_postings",
  "search_terms",
  "search_stats",
  "search_documents",
]);

/** Every table of the schema, parents before children (foreign keys), so a restore inserts in order. */
export function tablesInOrder(): Array<{ name: string; table: PgTable }> {
  const tables = (Object.values(schema) as unknown[]).filter(
    (v): v is PgTable => typeof v === "object" && v !== null && Symbol.for("drizzle:IsDrizzleTable") in v,
  );
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    const table = byName.get(name);
    if (!table) return;
    for (const fk of getTableConfig(table).foreignKeys)
      visit(getTableConfig(fk.reference().foreignTable).name, seen);
    ordered.push(name);
  };
  for (const name of [...byName.keys()].sort()) visit(name, new Set());
  return ordered.filter((n) => !SKIPPED.has(n)).map((name) => ({ name, table: byName.get(name)! }));
}

/** JSON for one row: bytes as PostgreSQL's hex text, so json_populate_recordset reads them back. */
function encodeValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString("hex")}`;
  if (value instanceof Date) return value.toISOString();
  return value;
}

function encodeRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)]));
}

export interface BackupSummary {
  tables: Record<string, number>;
  blobs: number;
}

/**
 * Writes the whole archive as newline-delimited JSON: a header, every row of every table from one
 * consistent snapshot (a REPEATABLE READ transaction, so Quire keeps running), then every original.
 */
export async function writeBackup(
  db: Database,
  blobs: BlobStore,
  out: Writable,
  signal?: AbortSignal,
): Promise<BackupSummary> {
  // A reader who hangs up (an aborted download) ends the snapshot transaction at the next row.
  const write = (value: unknown) =>
    signal?.aborted
      ? Promise.reject(new BackupError("The backup was cancelled"))
      : new Promise<void>((resolve, reject) =>
          out.write(JSON.stringify(value) + "\n", (e) => (e ? reject(e) : resolve())),
        );
  const tables = tablesInOrder();
  const summary: BackupSummary = { tables: {}, blobs: 0 };
  const hashes: string[] = [];
  await write({
    format: BACKUP_FORMAT,
    version: 1,
    appVersion: APP_VERSION,
    createdAt: new Date().toISOString(),
    tables: tables.map((t) => t.name),
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    for (const { name } of tables) {
      let count = 0;
      for (let offset = 0; ; offset += PAGE) {
        const page = rowsOf<Record<string, unknown>>(
          await tx.execute(
            sql`select * from ${sql.identifier(name)} order by 1 limit ${PAGE} offset ${offset}`,
          ),
        );
        for (const row of page) await write({ table: name, row: encodeRow(row) });
        count += page.length;
        if (page.length < PAGE) break;
      }
      summary.tables[name] = count;
    }
    hashes.push(
      ...rowsOf<{ sha256: string }>(await tx.execute(sql`select sha256 from blobs order by sha256`)).map(
        (r) => r.sha256,
      ),
    );
  });
  // Originals never change once stored (content-addressed), so reading them after the snapshot is safe.
  for (const sha256 of hashes) {
    await write({ blob: sha256, data: (await blobs.get(sha256)).toString("base64") });
    summary.blobs++;
  }
  await write({ end: true, ...summary });
  return summary;
}

export class BackupError extends Error {}

/** Refuses to restore over data: a restore is for an empty installation (a new DATA_DIR or database). */
export async function assertEmpty(db: Database): Promise<void> {
  const [row] = rowsOf<{ users: number; documents: number }>(
    await db.execute(
      sql`select (select count(*)::int from users) users, (select count(*)::int from documents) documents`,
    ),
  );
  if ((row?.users ?? 0) > 0 || (row?.documents ?? 0) > 0) {
    throw new BackupError("The installation is not empty: restore into a new DATA_DIR or an empty database");
  }
}

/** Reads an archive written by writeBackup into an empty installation; every original is checked against its sha256. */
export async function readBackup(db: Database, blobs: BlobStore, input: Readable): Promise<BackupSummary> {
  await assertEmpty(db);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const summary: BackupSummary = { tables: {}, blobs: 0 };
  let header: { format?: string; tables?: string[] } | null = null;
  let ended = false;
  const pending: Array<{ table: string; rows: unknown[] }> = [];
  const blobLines: Array<{ blob: string; data: string }> = [];
  for await (const line of lines) {
    if (!line.trim()) continue;
    const item = JSON.parse(line) as Record<string, unknown>;
    if (!header) {
      if (item.format !== BACKUP_FORMAT) throw new BackupError("Not a Quire backup (unknown format)");
      header = item as { format?: string; tables?: string[] };
      continue;
    }
    if (typeof item.table === "string") {
      const last = pending.at(-1);
      if (last?.table === item.table) last.rows.push(item.row);
      else pending.push({ table: item.table, rows: [item.row] });
      summary.tables[item.table] = (summary.tables[item.table] ?? 0) + 1;
    } else if (typeof item.blob === "string" && typeof item.data === "string") {
      blobLines.push({ blob: item.blob, data: item.data });
    } else if (item.end === true) ended = true;
  }
  if (!header || !ended) throw new BackupError("The backup is incomplete (no end marker): it was cut short");
  for (const { blob, data } of blobLines) {
    const bytes = Buffer.from(data, "base64");
    if (createHash("sha256").update(bytes).digest("hex") !== blob)
      throw new BackupError(`Original ${blob} is corrupt in the backup`);
    await blobs.put(bytes);
    summary.blobs++;
  }
  const known = new Set(tablesInOrder().map((t) => t.name));
  await db.transaction(async (tx) => {
    // The one deletion the append-only approval records allow: the whole archive, replaced in this transaction.
    await tx.execute(sql`select set_config('quire.restore', 'on', true)`);
    // First-start seeding may have filled a few tables; the backup's rows replace them.
    for (const { name } of [...tablesInOrder()].reverse())
      await tx.execute(sql`delete from ${sql.identifier(name)}`);
    for (const { table, rows } of pending) {
      if (!known.has(table)) throw new BackupError(`The backup names an unknown table '${table}'`);
      for (let i = 0; i < rows.length; i += PAGE) {
        const json = JSON.stringify(rows.slice(i, i + PAGE));
        await tx.execute(
          sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
        );
      }
    }
    // Serial ids continue after the restored rows.
    const serials = rowsOf<{ table_name: string; column_name: string }>(
      await tx.execute(sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_default like 'nextval(%'`),
    );
    for (const { table_name: table, column_name: column } of serials) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, ${column}), greatest(coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0), 1))`,
      );
    }
  });
  return summary;
}
