import { approvalRecordExportFormat, approvalRecordPayloadSchema } from "@quire/contracts";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from "pdf-lib";
import { z } from "zod";
import { PDF_SIGNATURE_PREFIX } from "./export";
import { canonicalJson, verifyText, type PublicKey } from "./keys";

/**
 * Checks an exported approval record (the JSON or the PDF) offline against a trusted public key:
 * the file must be byte for byte what the server signed, and every decision in it must carry the
 * key's signature. Nothing here reads the database or the network.
 */

export type Verdict = { ok: true; summary: string } | { ok: false; reason: string };

const signedExportSchema = z.object({
  record: z.object({
    format: z.literal(approvalRecordExportFormat),
    document: z.object({ id: z.string(), title: z.string() }),
    round: z.number(),
    version: z.number(),
    outcome: z.string(),
    exportedAt: z.string(),
    signingKey: z.object({ algorithm: z.literal("Ed25519"), keyId: z.string(), publicKeyPem: z.string() }),
    entries: z.array(z.object({ payload: z.unknown(), signature: z.string(), keyId: z.string() })),
  }),
  signature: z.string(),
});

const refuse = (reason: string): Verdict => ({ ok: false, reason });

export function verifyJsonExport(bytes: Uint8Array, key: PublicKey): Verdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return refuse("the file is not readable JSON (it was changed or is not an approval record)");
  }
  const canonical = Buffer.from(canonicalJson(parsed) + "\n", "utf8");
  if (!canonical.equals(Buffer.from(bytes)))
    return refuse("the file is not byte for byte the record Quire exported (it was changed after export)");
  const read = signedExportSchema.safeParse(parsed);
  if (!read.success) return refuse("the file is not a Quire approval record export");
  const { record, signature } = read.data;
  if (record.signingKey.keyId !== key.keyId)
    return refuse(
      `the record names signing key ${record.signingKey.keyId}, not the trusted key ${key.keyId}`,
    );
  if (!verifyText(key, canonicalJson(record), signature))
    return refuse("the record's signature does not match its contents (it was changed after signing)");
  for (const [i, entry] of record.entries.entries()) {
    const payload = approvalRecordPayloadSchema.safeParse(entry.payload);
    if (!payload.success) return refuse(`decision ${i + 1} is not a signed approval record`);
    if (entry.keyId !== key.keyId || !verifyText(key, canonicalJson(entry.payload), entry.signature))
      return refuse(
        `decision ${i + 1} (${payload.data.signer.name}) does not carry the trusted key's signature`,
      );
  }
  const who = record.entries
    .map((e) => {
      const p = approvalRecordPayloadSchema.parse(e.payload);
      return `${p.signer.name} ${p.meaning} at ${p.signedAt}`;
    })
    .join("; ");
  return {
    ok: true,
    summary:
      `Valid approval record of "${record.document.title}", round ${record.round}, version ${record.version} ` +
      `(${record.outcome}), ${record.entries.length} signature(s)${who ? `: ${who}` : ""}. Signed by key ${key.keyId}.`,
  };
}

/** The JSON attached to the PDF under `name`, decoded. */
async function attachment(pdf: Uint8Array, name: string): Promise<Uint8Array | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const files = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const list = files?.lookupMaybe(PDFName.of("Names"), PDFArray);
  if (!list) return null;
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const label = list.lookup(i);
    const text = label instanceof PDFString || label instanceof PDFHexString ? label.decodeText() : "";
    if (text !== name) continue;
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"));
    return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : null;
  }
  return null;
}

export async function verifyPdfExport(bytes: Uint8Array, key: PublicKey): Promise<Verdict> {
  const buffer = Buffer.from(bytes);
  const at = buffer.lastIndexOf(`\n${PDF_SIGNATURE_PREFIX}`);
  if (at < 0)
    return refuse("the PDF carries no Quire signature line (it was changed or is not a Quire export)");
  const body = buffer.subarray(0, at + 1);
  const line = /^%QUIRE-SIGNATURE ed25519 ([0-9a-f]{64}) ([0-9a-f]{128})\n$/.exec(
    buffer.subarray(at + 1).toString("latin1"),
  );
  if (!line) return refuse("the PDF's signature line is damaged (it was changed after export)");
  if (line[1] !== key.keyId)
    return refuse(`the PDF names signing key ${line[1]}, not the trusted key ${key.keyId}`);
  if (!verifyText(key, body, line[2]!))
    return refuse("the PDF's signature does not match its bytes (it was changed after export)");
  let json: Uint8Array | null;
  try {
    json = await attachment(body, "approval-record.json");
  } catch {
    return refuse("the PDF cannot be read");
  }
  if (!json) return refuse("the PDF has no attached approval-record.json");
  return verifyJsonExport(json, key);
}

export function verifyRecordFile(bytes: Uint8Array, key: PublicKey): Promise<Verdict> | Verdict {
  const pdf = Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
  return pdf ? verifyPdfExport(bytes, key) : verifyJsonExport(bytes, key);
}
