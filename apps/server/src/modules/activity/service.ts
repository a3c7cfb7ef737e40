import {
  describeAuditData,
  idsInAuditData,
  type AuditEntry,
  type AuditPage,
  type ActivityQuery,
  type DocumentActivityQuery,
} from "@quire/contracts";
import { stringify } from "csv-stringify";
import type { Readable } from "node:stream";
import type { AppContext } from "../../context";
import type { LoadedDocument } from "../../policies/guard";
import { canGlobal } from "../../policies/policy";
import { SYSTEM_ACTOR_NAME } from "./command";
import { findActivity, namesOf, type ActivityFilter, type ActivityRecord } from "./repository";

/** An export is bounded like every other piece of work: past this, narrow the filter. */
export const CSV_EXPORT_MAX_ROWS = 100_000;
const CSV_PAGE = 1_000;

function filterOf(query: Omit<ActivityQuery, "page" | "pageSize">): ActivityFilter {
  const dayOnly = (s: string) => s.length === 10;
  return {
    subjectType: query.subjectType,
    userId: query.userId,
    system: query.actor === "system" || undefined,
    documentId: query.documentId,
    action: query.action || undefined,
    from: query.from ? new Date(query.from) : undefined,
    // A day given alone means "to the end of that day".
    to: query.to ? new Date(dayOnly(query.to) ? `${query.to}T23:59:59.999Z` : query.to) : undefined,
  };
}

export function presentActivity(
  row: ActivityRecord,
  known: ReadonlyMap<string, string> = new Map(),
): AuditEntry {
  const names: Record<string, string> = {};
  for (const id of idsInAuditData(row.data ?? null)) {
    const name = known.get(id);
    if (name !== undefined) names[id] = name;
  }
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    subjectType: row.subjectType as AuditEntry["subjectType"],
    subjectId: row.subjectId,
    documentId: row.documentId,
    documentTitle: row.documentTitle,
    subjectName: row.subjectName,
    userId: row.userId,
    username: row.systemActor ? SYSTEM_ACTOR_NAME : row.username,
    system: row.systemActor,
    ip: row.ip,
    comment: row.comment,
    data: row.data ?? null,
    names,
  };
}

/** Entries with the names their details refer to by id, looked up once for all of them. */
async function presentAll(ctx: AppContext, rows: ActivityRecord[]): Promise<AuditEntry[]> {
  const known = await namesOf(
    ctx.db,
    rows.flatMap((row) => idsInAuditData(row.data ?? null)),
  );
  return rows.map((row) => presentActivity(row, known));
}

/** The audit trail (its routes allow only "activity.read"). */
export async function listActivity(ctx: AppContext, query: ActivityQuery): Promise<AuditPage> {
  const { rows, total } = await findActivity(ctx.db, filterOf(query), {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: await presentAll(ctx, rows), total };
}

/**
 * One document's history, for whom "document.readHistory" allows (its route's guard: 404 when
 * the actor cannot see the document, 403 when they can but may not read its history). Source
 * addresses are for auditors only.
 */
export async function listDocumentActivity(
  ctx: AppContext,
  target: LoadedDocument,
  query: DocumentActivityQuery,
): Promise<AuditPage> {
  const { actor, id: documentId } = target;
  const { rows, total } = await findActivity(
    ctx.db,
    { documentId },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const auditor = canGlobal(actor, "activity.read");
  // Names of the people, groups and categories an entry's details refer to are for auditors, as
  // the addresses are: an owner may not see every category or group a change names.
  const items = auditor ? await presentAll(ctx, rows) : rows.map((row) => presentActivity(row));
  return { items: items.map((entry) => ({ ...entry, ip: auditor ? entry.ip : null })), total };
}

const CSV_COLUMNS = [
  "time",
  "user",
  "ip",
  "action",
  "subject_type",
  "subject_id",
  "document",
  "comment",
  "details",
  // The same details for people: ids shown with the names of whom and what they name.
  "details_named",
];

/**
 * The same filter as CSV, read page by page so memory stays flat. Cells that a spreadsheet would
 * run as a formula (=, +, -, @ first) are prefixed with a quote (CSV injection).
 */
export function exportActivityCsv(
  ctx: AppContext,
  query: Omit<ActivityQuery, "page" | "pageSize">,
): Readable {
  const filter = filterOf(query);
  const csv = stringify({ header: true, columns: CSV_COLUMNS, cast: { string: neutralise } });
  void (async () => {
    for (let offset = 0; offset < CSV_EXPORT_MAX_ROWS; offset += CSV_PAGE) {
      const { rows } = await findActivity(ctx.db, filter, { limit: CSV_PAGE, offset });
      for (const entry of await presentAll(ctx, rows)) {
        const ok = csv.write([
          entry.at,
          entry.username ?? "",
          entry.ip ?? "",
          entry.action,
          entry.subjectType,
          entry.subjectId ?? "",
          entry.documentTitle ?? entry.documentId ?? "",
          entry.comment ?? "",
          entry.data ? JSON.stringify(entry.data) : "",
          describeAuditData(entry.data, entry.names),
        ]);
        if (!ok) await new Promise((resolve) => csv.once("drain", resolve));
      }
      if (rows.length < CSV_PAGE) break;
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}

function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
