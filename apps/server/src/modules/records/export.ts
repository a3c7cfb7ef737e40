import {
  approvalRecordExportFormat,
  type ApprovalRecordEntry,
  type ApprovalRoundRecord,
  type RecordSigningKey,
} from "@quire/contracts";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { canonicalJson, signText, type SigningKey } from "./keys";

/**
 * A round's approval record as files a person can keep: the signed JSON, and a PDF that names all
 * of it with that JSON attached. Both are signed as a whole by the server's key, so `quire verify`
 * refuses either after any one byte changed.
 */

export interface RecordExport {
  format: typeof approvalRecordExportFormat;
  document: { id: string; title: string };
  round: number;
  version: number;
  outcome: string;
  exportedAt: string;
  signingKey: RecordSigningKey;
  entries: ApprovalRecordEntry[];
}

export interface SignedExport {
  record: RecordExport;
  /** Ed25519 over the record's canonical JSON, lowercase hex. */
  signature: string;
}

/** The line that ends a signed PDF: the key and the signature of every byte before this line. */
export const PDF_SIGNATURE_PREFIX = "%QUIRE-SIGNATURE ed25519 ";

export function exportOf(
  round: ApprovalRoundRecord & { documentTitle: string },
  key: SigningKey,
  now: Date,
): RecordExport {
  return {
    format: approvalRecordExportFormat,
    document: { id: round.documentId, title: round.documentTitle },
    round: round.round,
    version: round.version,
    outcome: round.stage,
    exportedAt: now.toISOString(),
    signingKey: { algorithm: "Ed25519", keyId: key.keyId, publicKeyPem: key.publicKeyPem },
    entries: round.entries,
  };
}

/** The signed JSON file: exactly its canonical form and a newline, so a changed space is a changed file. */
export function jsonExport(record: RecordExport, key: SigningKey): Buffer {
  const signed: SignedExport = { record, signature: signText(key, canonicalJson(record)) };
  return Buffer.from(canonicalJson(signed) + "\n", "utf8");
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };

/** Writes lines top to bottom, wrapping long ones and starting pages as needed. */
class Writer {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;
  private readonly known: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.known = new Set(font.getCharacterSet());
  }

  /** The standard fonts cover Latin-1: anything else shows as "?" here; the attached JSON keeps the exact text. */
  private printable(text: string): string {
    return Array.from(text, (c) => (this.known.has(c.codePointAt(0) ?? 0) ? c : "?")).join("");
  }

  line(text: string, options: { size?: number; bold?: boolean; gap?: number; grey?: boolean } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const width = PAGE.width - 2 * PAGE.margin;
    for (const part of this.wrap(this.printable(text), font, size, width)) {
      if (this.y < PAGE.margin + size) {
        this.page = this.doc.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.y -= size + 3;
      const color = options.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0);
      this.page.drawText(part, { x: PAGE.margin, y: this.y, size, font, color });
    }
    this.y -= options.gap ?? 0;
  }

  rule(): void {
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: rgb(0.6, 0.6, 0.6),
    });
    this.y -= 6;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    let rest = text;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      const space = rest.lastIndexOf(" ", cut);
      const at = space > cut / 2 ? space : cut;
      out.push(rest.slice(0, at));
      rest = rest.slice(at).trimStart();
    }
    out.push(rest);
    return out;
  }
}

function writeEntry(w: Writer, entry: ApprovalRecordEntry, n: number): void {
  const p = entry.payload;
  const behalf = p.onBehalfOf ? ` for ${p.onBehalfOf.name}` : "";
  w.line(`${n}. ${p.signer.name}${behalf}: ${p.meaning}`, { bold: true, size: 11 });
  w.line(`Signed at (UTC): ${p.signedAt}`);
  w.line(`Meaning: ${p.meaning} (${p.decision}) at stage ${p.stage.index + 1}, ${p.stage.name}`);
  w.line(`Version: ${p.version}   Signed with: ${p.authentication}`);
  if (p.comment) w.line(`Comment: ${p.comment}`);
  w.line(`Original sha256: ${p.originalSha256}`, { size: 8 });
  w.line(`Markdown sha256: ${p.markdownSha256}`, { size: 8 });
  w.line(`Record ${p.id}, signature: ${entry.signature}`, { size: 7, grey: true, gap: 8 });
}

/** The PDF: every signer, meaning, time, version and hash, the template, the key, the JSON attached, signed whole. */
export async function pdfExport(record: RecordExport, key: SigningKey): Promise<Buffer> {
  const json = jsonExport(record, key);
  const doc = await PDFDocument.create();
  doc.setTitle(`Approval record: ${record.document.title}, round ${record.round}`);
  doc.setProducer("Quire");
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  w.line("Approval record", { size: 18, bold: true, gap: 4 });
  w.line(record.document.title, { size: 13, bold: true });
  w.line(
    `Document ${record.document.id}, round ${record.round}, version ${record.version}: ${record.outcome}`,
  );
  const first = record.entries[0]?.payload;
  if (first) {
    w.line(`Version ${record.version} original sha256: ${first.originalSha256}`, { size: 8 });
    w.line(`Version ${record.version} markdown sha256: ${first.markdownSha256}`, { size: 8 });
  }
  w.line(`Exported ${record.exportedAt} (UTC)`, { grey: true });
  w.rule();
  w.line(`Signatures (${record.entries.length})`, { size: 12, bold: true, gap: 4 });
  if (record.entries.length === 0) w.line("Nobody has signed in this round yet.");
  record.entries.forEach((entry, i) => writeEntry(w, entry, i + 1));
  w.rule();
  w.line("Template of this round", { size: 12, bold: true, gap: 2 });
  for (const [i, stage] of (first?.template ?? []).entries())
    w.line(`${i + 1}. ${String(stage["name"] ?? "")}: ${JSON.stringify(stage["quorum"] ?? "")}`, { size: 9 });
  w.rule();
  w.line("Signature", { size: 12, bold: true, gap: 2 });
  w.line(
    "Each decision above was signed by Quire's record-signing key when it was made, over its RFC 8785 canonical JSON; " +
      "this file is signed as a whole on its last line. The signed JSON is attached as approval-record.json. " +
      "Check it offline: npm run quire -- verify <this file> --key <public key file>.",
    { size: 9 },
  );
  w.line(`Key: Ed25519, id ${key.keyId}`, { size: 8 });
  for (const line of key.publicKeyPem.trim().split("\n")) w.line(line, { size: 8 });
  w.line("______________________________    Signed by Quire, " + record.exportedAt, { gap: 2 });
  await doc.attach(json, "approval-record.json", {
    mimeType: "application/json",
    description: "The signed approval record",
  });
  const body = Buffer.concat([Buffer.from(await doc.save()), Buffer.from("\n")]);
  return Buffer.concat([body, Buffer.from(`${PDF_SIGNATURE_PREFIX}${key.keyId} ${signText(key, body)}\n`)]);
}
