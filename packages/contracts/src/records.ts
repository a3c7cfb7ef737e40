import { z } from "zod";
import type { DecisionKind } from "./decisions";

/**
 * What a signature on an approval round means (21 CFR 11.50(a)(3)): a review stage's approval is
 * "reviewed", the approval stage's is "approved"; rejections and requests for changes say so.
 */
export const signatureMeanings = ["reviewed", "approved", "rejected", "changes requested"] as const;
export type SignatureMeaning = (typeof signatureMeanings)[number];

/** The meaning of a decision: its kind (review or final decision) and the status chosen. */
export function signatureMeaningOf(kind: DecisionKind, status: string): SignatureMeaning {
  if (status === "Changes Requested") return "changes requested";
  if (status === "Rejected") return "rejected";
  return kind === "review" ? "reviewed" : "approved";
}

/** The name a signed record format carries, so a verifier knows what it reads. */
export const approvalRecordFormat = "quire.approval-record/1";
export const approvalRecordExportFormat = "quire.approval-record-export/1";

const person = z.object({ id: z.string(), name: z.string() });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** One decision's signed record, exactly the fields that are canonicalised (RFC 8785) and signed. */
export const approvalRecordPayloadSchema = z.object({
  format: z.literal(approvalRecordFormat),
  id: z.string(),
  document: z.object({ id: z.string(), title: z.string() }),
  round: z.number().int().positive(),
  version: z.number().int().positive(),
  signer: person,
  onBehalfOf: person.nullable(),
  signedAt: z.string(),
  meaning: z.enum(signatureMeanings),
  decision: z.string(),
  comment: z.string().nullable(),
  stage: z.object({ index: z.number().int().nonnegative(), name: z.string() }),
  /** How the signer confirmed who they were: their session, or their password entered again to sign. */
  authentication: z.enum(["session", "password re-entered", "single sign-on re-entered"]),
  originalSha256: sha256,
  markdownSha256: sha256,
  /** The round's template snapshot as the round holds it (passed through as signed, never reshaped). */
  template: z.array(z.record(z.string(), z.unknown())),
});
export type ApprovalRecordPayload = z.infer<typeof approvalRecordPayloadSchema>;

export const approvalRecordEntrySchema = z.object({
  payload: approvalRecordPayloadSchema,
  /** Ed25519 over the payload's canonical JSON, lowercase hex. */
  signature: z.string(),
  keyId: z.string(),
});
export type ApprovalRecordEntry = z.infer<typeof approvalRecordEntrySchema>;

/** A round's record as the record page shows it: every signed decision, oldest first. */
export const approvalRoundRecordSchema = z.object({
  documentId: z.string(),
  approvalId: z.string(),
  round: z.number().int(),
  version: z.number().int(),
  stage: z.string(),
  entries: z.array(approvalRecordEntrySchema),
});
export type ApprovalRoundRecord = z.infer<typeof approvalRoundRecordSchema>;

/** The server's record-signing public key, for verifying exports offline. */
export const recordSigningKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  keyId: z.string(),
  publicKeyPem: z.string(),
});
export type RecordSigningKey = z.infer<typeof recordSigningKeySchema>;

/** A category's signing rule: whether a decision there must be confirmed with the signer's password. */
export const categorySigningSchema = z.object({ requiresPassword: z.boolean() });
export type CategorySigning = z.infer<typeof categorySigningSchema>;

/** Minutes a sign-in again at the identity provider lets its person sign decisions. */
export const SSO_SIGNING_WINDOW_MINUTES = 5;

/**
 * How the reader would sign a decision on this document: where the category asks for it, with the
 * password entered again, or (an account that signs in through single sign-on, without a Quire
 * password) by signing in again at the identity provider, good until `confirmedUntil`.
 */
export const documentSigningSchema = categorySigningSchema.extend({
  confirmWith: z.enum(["password", "single sign-on"]).nullable(),
  /** Until when a sign-in again lets this session sign (ISO time), or null when it does not. */
  confirmedUntil: z.string().nullable(),
});
export type DocumentSigning = z.infer<typeof documentSigningSchema>;
