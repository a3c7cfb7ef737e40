/**
 * The search benchmark's corpus: real text no one here wrote, read from this machine. Debian's
 * /usr/share/doc (READMEs, NEWS, FAQs, changelogs, gzipped or not), the common licences, man pages
 * (troff stripped to text) and the READMEs of installed npm packages, cut into passages exactly as
 * the server cuts documents. Identical files (many copyright notices) are kept once.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { chunkMarkdown } from "@quire/textkit";

export interface CorpusDocument {
  title: string;
  passages: Array<{ heading: string | null; text: string }>;
}

const ROOTS = [
  "/usr/share/common-licenses",
  "/usr/share/doc",
  "/usr/share/man/man1",
  "/usr/share/man/man5",
  "/usr/share/man/man8",
];
const MAX_FILE_BYTES = 1_500_000;

function* walk(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry);
    let info;
    try {
      info = statSync(full);
    } catch {
      continue;
    }
    if (info.isDirectory()) yield* walk(full);
    else if (info.isFile() && info.size > 200 && info.size < MAX_FILE_BYTES) yield full;
  }
}

/** Troff to plain text: section macros become headings, other requests and escapes go. */
function manToMarkdown(troff: string): string {
  return troff
    .split("\n")
    .map((line) => {
      const section = /^\.S[HS]\s+"?([^"]*)"?/.exec(line);
      if (section) return `\n## ${section[1]!.trim()}\n`;
      if (/^\.(PP|LP|P|TP|IP|br|sp)\b/.test(line)) return "\n";
      if (line.startsWith(".") || line.startsWith("'"))
        return line.replace(/^\.[A-Z]{1,2}\s+/, "").replace(/^[.'].*/, "");
      return line;
    })
    .join("\n")
    .replace(/\\f[BIRP]|\\f\(..|\\\(..|\\-|\\&|\\e/g, (m) => (m === "\\-" ? "-" : m === "\\e" ? "\\" : ""));
}

function readText(file: string): string | null {
  let bytes = readFileSync(file);
  if (file.endsWith(".gz")) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: 4 * MAX_FILE_BYTES });
    } catch {
      return null;
    }
  } else if (/\.(bz2|xz|zst|png|jpg|gif|pdf|ico|svg|woff2?)$/i.test(file)) return null;
  if (bytes.subarray(0, 8000).includes(0)) return null;
  const text = bytes.toString("utf8");
  return file.includes("/man/") ? manToMarkdown(text) : text;
}

function titleOf(file: string): string {
  const parts = file.replace(/\.gz$/, "").split("/").filter(Boolean);
  return parts
    .slice(-2)
    .join(" ")
    .replace(/[._-]+/g, " ");
}

function readmesUnder(root: string, depth = 0): string[] {
  const found: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(root).sort();
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = path.join(root, entry);
    if (/^readme\.md$/i.test(entry)) found.push(full);
    else if (
      depth < 3 &&
      !entry.startsWith(".") &&
      statSync(full, { throwIfNoEntry: false })?.isDirectory()
    ) {
      found.push(...readmesUnder(full, depth + 1));
    }
  }
  return found;
}

/** Documents in a fixed order until `targetPassages` passages are collected (or the sources run out). */
export function buildCorpus(targetPassages: number, nodeModules: string): CorpusDocument[] {
  const seen = new Set<string>();
  const documents: CorpusDocument[] = [];
  let passages = 0;
  // A fixed shuffle (by path hash), so every tier mixes licences, manuals, man pages and READMEs.
  const sources = [...ROOTS.flatMap((root) => [...walk(root)]), ...readmesUnder(nodeModules)]
    .map((file) => ({ file, key: createHash("sha1").update(file).digest("hex") }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map(({ file }) => file);
  for (const file of sources) {
    if (passages >= targetPassages) break;
    const text = readText(file);
    if (!text || text.trim().length < 200) continue;
    const hash = createHash("sha1").update(text).digest("hex");
    if (seen.has(hash)) continue;
    seen.add(hash);
    const chunks = chunkMarkdown(text, { minWords: 100, maxWords: 300 })
      .filter((p) => p.wordCount >= 5)
      .map((p) => ({ heading: p.heading, text: p.text.slice(0, 20_000) }));
    if (chunks.length === 0) continue;
    documents.push({ title: titleOf(file), passages: chunks });
    passages += chunks.length;
  }
  return documents;
}
