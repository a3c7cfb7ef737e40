import { createHash, randomUUID } from "node:crypto";
import {
  approvalRecordFormat,
  signatureMeaningOf,
  type ApprovalRecordEntry,
  type ApprovalRecordPayload,
  type ApprovalRoundRecord,
  type RecordSigningKey,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import type { DomainEvent } from "../../events/catalog";
import { notFound } from "../../lib/errors";
import type { LoadedDocument } from "../../policies/guard";
import { canonicalJson, signText, signingKey } from "./keys";
import {
  decisionFacts,
  documentTitle,
  insertRecord,
  roundsWithRecords,
  usernames,
  type RecordRow,
} from "./repository";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/**
 * Writes the signed record of one decision, in the decision's transaction: if the record cannot be
 * written, the decision is not either. The payload is canonicalised (RFC 8785) and signed as is;
 * the row keeps that exact text.
 */
export async function recordDecision(
  ctx: AppContext,
  tx: Database,
  event: DomainEvent<"approval.decided">,
): Promise<void> {
  const facts = await decisionFacts(tx, event.approvalId, event.by.id ?? "");
  if (!facts || !event.by.id) throw new Error(`No round ${event.approvalId} to record a decision on`);
  const signerId = event.by.id;
  const names = await usernames(tx, [signerId, ...(facts.onBehalfOf ? [facts.onBehalfOf] : [])]);
  const template = facts.template as ApprovalRecordPayload["template"];
  const payload: ApprovalRecordPayload = {
    format: approvalRecordFormat,
    id: randomUUID(),
    document: { id: event.documentId, title: event.documentTitle },
    round: facts.round,
    version: facts.version,
    signer: { id: signerId, name: names.get(signerId) ?? signerId },
    onBehalfOf: facts.onBehalfOf
      ? { id: facts.onBehalfOf, name: names.get(facts.onBehalfOf) ?? facts.onBehalfOf }
      : null,
    signedAt: event.at.toISOString(),
    meaning: signatureMeaningOf(event.kind, event.decision),
    decision: event.decision,
    comment: event.comment,
    stage: { index: event.step, name: String(template[event.step]?.["name"] ?? `Stage ${event.step + 1}`) },
    authentication: !event.reauthenticated
      ? "session"
      : event.reauthenticatedVia === "single sign-on"
        ? "single sign-on re-entered"
        : "password re-entered",
    originalSha256: facts.blobSha256,
    markdownSha256: sha256(facts.content),
    template,
  };
  const key = signingKey(ctx.config.dataDir);
  const text = canonicalJson(payload);
  await insertRecord(tx, {
    id: payload.id,
    documentId: event.documentId,
    approvalId: event.approvalId,
    round: facts.round,
    signerId,
    signedAt: event.at,
    meaning: payload.meaning,
    payload: text,
    signature: signText(key, text),
    keyId: key.keyId,
  });
}

export const entryOf = (row: RecordRow): ApprovalRecordEntry => ({
  payload: JSON.parse(row.payload) as ApprovalRecordPayload,
  signature: row.signature,
  keyId: row.keyId,
});

/** Every round of a document the reader may open, newest first, with its signed records. */
export async function documentRecords(
  ctx: AppContext,
  target: LoadedDocument,
): Promise<ApprovalRoundRecord[]> {
  const rounds = await roundsWithRecords(ctx.db, target.id);
  return rounds.map((round) => ({
    documentId: target.id,
    approvalId: round.id,
    round: round.round,
    version: round.version,
    stage: round.stage,
    entries: round.records.map(entryOf),
  }));
}

/** One round's record, by its number. */
export async function roundRecord(
  ctx: AppContext,
  target: LoadedDocument,
  round: number,
): Promise<ApprovalRoundRecord & { documentTitle: string }> {
  const found = (await documentRecords(ctx, target)).find((r) => r.round === round);
  if (!found) throw notFound("Approval round");
  return { ...found, documentTitle: await documentTitle(ctx.db, target.id) };
}

export function publicSigningKey(ctx: AppContext): RecordSigningKey {
  const key = signingKey(ctx.config.dataDir);
  return { algorithm: "Ed25519", keyId: key.keyId, publicKeyPem: key.publicKeyPem };
}
