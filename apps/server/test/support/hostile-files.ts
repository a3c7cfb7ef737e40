import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
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

/**
 * About `bytes` of XML in paragraphs of real-looking text, or of `text` (a short one makes a big
 * tree of little text, under the markdown cap).
 */
export function paragraphsOfSize(
  bytes: number,
  text = "The supplier shall keep records of every delivery for seven years.",
): string {
  const paragraph = `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
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

/**
 * About `chars` characters of varied prose in paragraphs: sentences of words drawn (seeded, so
 * every run makes the same text) from a vocabulary of 20,000 made-up words, so passages hold many
 * distinct words, as a long real document does, and nothing repeats.
 */
export function variedProse(chars: number, seed = 1): string[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: fast, seeded, good enough to vary words.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ter",
    "sun",
    "val",
    "dor",
    "pe",
    "ri",
    "gan",
    "tho",
    "lem",
    "bis",
    "quo",
  ];
  const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
    let word = "";
    for (let n = i; word.length === 0 || n > 0; n = Math.floor(n / syllables.length))
      word += syllables[n % syllables.length];
    return word;
  });
  const paragraphs: string[] = [];
  let total = 0;
  while (total < chars) {
    const sentences: string[] = [];
    for (let s = 0; s < 6; s++) {
      const words = Array.from(
        { length: 8 + Math.floor(next() * 12) },
        () => vocabulary[Math.floor(next() * vocabulary.length)],
      );
      const sentence = words.join(" ");
      sentences.push(`${sentence[0]?.toUpperCase()}${sentence.slice(1)}.`);
    }
    const paragraph = sentences.join(" ");
    paragraphs.push(paragraph);
    total += paragraph.length + 2;
  }
  return paragraphs;
}

/** A DOCX of these paragraphs, a heading every 20 (XML special characters escaped). */
export function docxOfParagraphs(paragraphs: readonly string[]): Uint8Array {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const body = paragraphs
    .map((p, i) => {
      const heading =
        i % 20 === 0
          ? `<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>Part ${i / 20 + 1}</w:t></w:r></w:p>`
          : "";
      return `${heading}<w:p><w:r><w:t>${escape(p)}</w:t></w:r></w:p>`;
    })
    .join("");
  return docxWithBody(body);
}

/** Folders of /usr/share/doc left out of debianProse: whole manuals, not the prose of packages. */
const NOT_PROSE = new Set(["linux-doc", "python3-doc"]);

/**
 * About `chars` characters of real, varied prose in paragraphs: the READMEs, NEWS and change logs
 * Debian installs under /usr/share/doc (gzipped ones unpacked), read in path order so every run on
 * one machine makes the same text. Each paragraph appears once; licences and manuals are left out.
 */
export function debianProse(chars: number, root = "/usr/share/doc"): string[] {
  const paragraphs: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const file of proseFiles(root)) {
    const text = readProse(file);
    for (const block of text.split(/\n\s*\n/)) {
      // Control characters cannot stand in a DOCX's XML; runs of spaces are layout, not text.
      const paragraph = block
        // eslint-disable-next-line no-control-regex -- control characters are what is removed
        .replace(/[\u0000-\u001f\u007f\ufffe\uffff]+/g, " ")
        .replace(/ {2,}/g, " ")
        .trim();
      if (paragraph.length < 40 || seen.has(paragraph)) continue;
      seen.add(paragraph);
      paragraphs.push(paragraph);
      total += paragraph.length + 2;
      if (total >= chars) return paragraphs;
    }
  }
  throw new Error(`${root} holds only ${total} characters of prose, fewer than ${chars}`);
}

function* proseFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_PROSE.has(entry.name)) yield* proseFiles(full);
    } else if (
      entry.isFile() &&
      /^(README|NEWS|changelog|TODO|FAQ|AUTHORS|CHANGES)|\.(txt|md)(\.gz)?$/i.test(entry.name)
    ) {
      yield full;
    }
  }
}

function readProse(file: string): string {
  try {
    const raw = readFileSync(file);
    const bytes = file.endsWith(".gz") ? gunzipSync(raw) : raw;
    // A binary file (a NUL in its first kilobyte) is not prose.
    if (bytes.subarray(0, 1024).includes(0)) return "";
    return bytes.toString("utf8");
  } catch {
    return ""; // unreadable (a dangling link, no permission): not prose to use
  }
}

/**
 * `chars` characters without a space or line break: one token as long as the text, of letters and
 * digits that never repeat within a line's length, so nothing splits it into words.
 */
export function oneTokenText(chars: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let block = "";
  for (let i = 0; block.length < 4096; i++) block += alphabet[(i * 7 + Math.floor(i / 61)) % alphabet.length];
  return block.repeat(Math.ceil(chars / block.length)).slice(0, chars);
}
