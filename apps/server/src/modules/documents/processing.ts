import type { AppContext } from "../../context";
import { dropPieces, storableText } from "../../db/text-pieces";
import { SYSTEM_ACTOR, withTransaction } from "../activity/command";
import { setProcessingState } from "./repository";
import { setVersionContent } from "./version-repository";
import { FOUND_TAGS_ACTION, setTagsIfStill } from "./tags-repository";

/**
 * What processing changes on a document, as commands of the system actor: each change is one
 * transaction with its history entry, so an OCR'd text, tags found in the text and the outcome of
 * processing show in the document's history as Quire's, like a person's edits show as theirs.
 */

interface ProcessedVersion {
  documentId: string;
  version: number;
}

/** OCR's text replaces the version's converted text (scanned pages filled in). */
export async function recordRecognisedText(
  ctx: AppContext,
  target: ProcessedVersion & { versionId: string; pages: number },
  content: string,
): Promise<void> {
  // A long text goes in pieces, before the transaction (db/text-pieces.ts).
  const text = await storableText(ctx.db, target.versionId, content);
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    await setVersionContent(tx, target.versionId, text);
    await dropPieces(tx, target.versionId, text);
    await record({
      action: "Recognised text",
      subjectType: "document",
      subjectId: target.documentId,
      data: { version: target.version, pages: target.pages },
    });
  });
}

/**
 * Keyphrases of a version's text become the document's tags, replacing `before` (none, or those
 * found in an earlier version's text) unless someone changed the tags meanwhile.
 */
export async function recordFoundTags(
  ctx: AppContext,
  target: ProcessedVersion,
  before: readonly string[],
  tags: string[],
): Promise<void> {
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    if (!(await setTagsIfStill(tx, target.documentId, before, tags))) return;
    await record({
      action: FOUND_TAGS_ACTION,
      subjectType: "document",
      subjectId: target.documentId,
      data: { version: target.version, tags },
    });
  });
}

/** Processing ended: ready, or failed with its reason (shown on the document and in its history). */
export async function recordProcessingOutcome(
  ctx: AppContext,
  target: ProcessedVersion,
  outcome: { state: "ready"; error: null } | { state: "failed"; error: string },
): Promise<void> {
  await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    if (!(await setProcessingState(tx, target, outcome.state, outcome.error))) return;
    await record({
      action: outcome.state === "ready" ? "Processed" : "Processing failed",
      subjectType: "document",
      subjectId: target.documentId,
      comment: outcome.error,
      data: { version: target.version },
    });
  });
}
