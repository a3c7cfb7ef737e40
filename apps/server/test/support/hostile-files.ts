import { strToU8, zipSync } from "fflate";

/**
 * Hostile files made on the fly (nothing big is committed): small on disk, expensive to convert
 * if nothing bounded the work.
 */

/** A PDF of `pages` empty pages sharing nothing but their parent: ~80 bytes a page. */
export function manyPagePdf(pages: number): Uint8Array {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`);
  for (let i = 0; i < pages; i++) objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>");
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return strToU8(body);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A DOCX whose word/document.xml is `body` inside the document element, deflated hard. */
export function docxWithBody(body: string): Uint8Array {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`;
  return zipSync(
    {
      "[Content_Types].xml": strToU8(CONTENT_TYPES),
      "_rels/.rels": strToU8(RELS),
      "word/document.xml": strToU8(xml),
    },
    { level: 9 },
  );
}

/** About `bytes` of XML in paragraphs of real-looking text. */
export function paragraphsOfSize(bytes: number): string {
  const paragraph = `<w:p><w:r><w:t>The supplier shall keep records of every delivery for seven years.</w:t></w:r></w:p>`;
  return paragraph.repeat(Math.ceil(bytes / paragraph.length));
}

/** Paragraph properties nested `depth` deep: a reader that recurses per level runs out of stack. */
export function deeplyNested(depth: number): string {
  return `${"<w:sdt><w:sdtContent>".repeat(depth)}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${"</w:sdtContent></w:sdt>".repeat(depth)}`;
}

/**
 * A 1M-character text of five 200,000-character runs without a space, each a shape that made a
 * pattern backtrack or a tokenizer quadratic (an e-mail look-alike, brackets, emphasis marks).
 */
export function longTokenText(): string {
  const run = 200_000;
  return [
    "a".repeat(run),
    `${"x.".repeat(run / 2)}@`,
    "a@".repeat(run / 2),
    "[".repeat(run / 2) + "]".repeat(run / 2),
    "*_".repeat(run / 2),
  ].join("\n");
}
