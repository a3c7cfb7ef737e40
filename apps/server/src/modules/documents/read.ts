import type { Document } from "@quire/contracts";
import { and, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { utcDay } from "../../lib/clock";
import { readableVersion } from "../../policies/access";
import {
  categoryLevelsFor,
  listableDocumentsWhere,
  readableStatusSql,
  readableVersionSql,
} from "../../policies/documents-where";
import { authorizeDocumentById, type LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { presentDocument } from "./presenter";
import { documentListFilter } from "./list-filters";
import { findDocument, findDocumentWithOriginal, listDocumentIds, listDocuments } from "./repository";
import { sha256Hex } from "./store-version";
import { readAll } from "../../db/read-all";

/** The full Document answer for a document the guard has loaded and checked. */
export async function presentLoaded(ctx: AppContext, loaded: LoadedDocument): Promise<Document> {
  const record = await findDocument(ctx.db, loaded.id, readableVersion(loaded.actor, loaded.facts));
  if (!record) throw notFound("Document");
  return presentDocument(loaded.actor, record, loaded.level, utcDay(ctx.clock.now()));
}

/**
 * The Document as it is after a change, checked again: a change (a move to another category,
 * an archive) can alter what the actor may see or do, so the answer never reuses older facts.
 */
export async function presentVisible(ctx: AppContext, actor: Actor, documentId: string): Promise<Document> {
  return presentLoaded(ctx, await authorizeDocumentById(ctx.db, actor, "document.read", documentId));
}

/** One page of the documents the list query's filters select among those the actor may list, with the total. */
export async function listVisibleDocuments(
  ctx: AppContext,
  actor: Actor,
  query: Parameters<typeof documentListFilter>[0] | undefined,
  page: { sort: "updated" | "title"; page: number; pageSize: number },
): Promise<{ items: Document[]; total: number }> {
  // The filters narrow what the actor may list; they never widen it.
  const where = and(
    listableDocumentsWhere(actor),
    query ? documentListFilter(query, readableStatusSql(actor)) : undefined,
  ) as SQL;
  const [{ rows, total }, levels] = await readAll(ctx.db, [
    () =>
      listDocuments(ctx.db, {
        where,
        version: readableVersionSql(actor),
        sort: page.sort,
        limit: page.pageSize,
        offset: (page.page - 1) * page.pageSize,
      }),
    () => categoryLevelsFor(ctx.db, actor),
  ]);
  return {
    items: rows.map((row) =>
      presentDocument(actor, row, levels.get(row.doc.categoryId) ?? "none", utcDay(ctx.clock.now())),
    ),
    total,
  };
}

/**
 * The ids of every document the list (GET /api/documents with these filters) shows the actor, in
 * its order, at most `limit`, with how many it shows in all: the same condition as the list's.
 */
export async function listVisibleDocumentIds(
  ctx: AppContext,
  actor: Actor,
  query: Parameters<typeof documentListFilter>[0],
  page: { sort: "updated" | "title"; limit: number },
): Promise<{ ids: string[]; total: number }> {
  const where = and(
    listableDocumentsWhere(actor),
    documentListFilter(query, readableStatusSql(actor)),
  ) as SQL;
  return listDocumentIds(ctx.db, { where, sort: page.sort, limit: page.limit });
}

/** A visible document with a version whose original has these exact bytes, newest first. */
export async function findIdenticalOriginal(
  ctx: AppContext,
  actor: Actor,
  bytes: Buffer,
): Promise<{ id: string; title: string; updatedAt: Date } | null> {
  return findDocumentWithOriginal(ctx.db, sha256Hex(bytes), listableDocumentsWhere(actor));
}
