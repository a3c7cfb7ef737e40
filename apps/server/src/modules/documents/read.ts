import type { Document } from "@quire/contracts";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { authorizeDocumentById, type LoadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { presentDocument } from "./presenter";
import { findDocument } from "./repository";

/** The full Document answer for a document the guard has loaded and checked. */
export async function presentLoaded(ctx: AppContext, loaded: LoadedDocument): Promise<Document> {
  const record = await findDocument(ctx.db, loaded.id);
  if (!record) throw notFound("Document");
  return presentDocument(loaded.actor, record, loaded.level);
}

/**
 * The Document as it is after a change, checked again: a change (a move to another category,
 * an archive) can alter what the actor may see or do, so the answer never reuses older facts.
 */
export async function presentVisible(ctx: AppContext, actor: Actor, documentId: string): Promise<Document> {
  return presentLoaded(ctx, await authorizeDocumentById(ctx.db, actor, "document.read", documentId));
}
