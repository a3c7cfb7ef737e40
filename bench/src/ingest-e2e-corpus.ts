/**
 * Real text for the end-to-end ingest benchmark: Debian's copyright files, changelogs, READMEs,
 * NEWS, AUTHORS and plain-text notes under /usr/share/doc (never linux-doc or python3-doc), each distinct, each given one made-up
 * word no other file holds, so a search for it finds that file alone once it is searchable.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const DOC_ROOT = "/usr/share/doc";
/** Reserved for independent evaluation: never read here. */
const RESERVED = /^(linux-doc|python3(\.\d+)?-doc)/;
const NAMES =
  /^(copyright|changelog\.Debian(\.gz)?|changelog(\.gz)?|(README|NEWS|AUTHORS|THANKS|TODO|FAQ|HISTORY|CHANGES)[^/]*|[^/]+\.(txt|md)(\.gz)?)$/;
const MIN_CHARS = 400;
/** Longer files are cut at a line: the run stays minutes long, the text stays real. */
export const MAX_CHARS = 20_000;
/** Letters after which no English stemmer strips a suffix (no vowels, no s or y). */
const LETTERS = "bcdfghjklmnpqrtvwxz";

export interface IngestFile {
  /** The file's name in the watched folder or on upload. */
  name: string;
  text: string;
  /** The word only this file holds. */
  token: string;
}

export function tokenFor(index: number): string {
  let code = "";
  let rest = index;
  for (let i = 0; i < 4; i++) {
    code = LETTERS[rest % LETTERS.length]! + code;
    rest = Math.floor(rest / LETTERS.length);
  }
  return `quirebench${code}`;
}

function readText(file: string): string | null {
  try {
    if (statSync(file).size > 2_000_000) return null;
    let bytes = readFileSync(file);
    if (file.endsWith(".gz")) bytes = gunzipSync(bytes, { maxOutputLength: 4_000_000 });
    if (bytes.subarray(0, 8000).includes(0)) return null;
    return bytes.toString("utf8");
  } catch {
    return null;
  }
}

function cut(text: string): string {
  if (text.length <= MAX_CHARS) return text;
  const end = text.lastIndexOf("\n", MAX_CHARS);
  return text.slice(0, end > MAX_CHARS / 2 ? end : MAX_CHARS);
}

/** Every candidate text, package by package in name order, with its package and file name. */
function* candidates(): Generator<{ pkg: string; file: string; text: string }> {
  for (const pkg of readdirSync(DOC_ROOT).sort()) {
    if (RESERVED.test(pkg)) continue;
    const dir = path.join(DOC_ROOT, pkg);
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const file of entries) {
      if (!NAMES.test(file)) continue;
      const text = readText(path.join(dir, file));
      if (text && text.trim().length >= MIN_CHARS) yield { pkg, file, text: cut(text.trim()) };
    }
  }
}

/**
 * `count` distinct files, each with its own word added as a last line. Throws when the machine
 * has fewer texts than asked for.
 */
export function ingestFiles(count: number): IngestFile[] {
  const seen = new Set<string>();
  const out: IngestFile[] = [];
  for (const { pkg, file, text } of candidates()) {
    if (out.length >= count) break;
    if (seen.has(text)) continue; // many packages ship the same licence text
    seen.add(text);
    const token = tokenFor(out.length);
    const stem = `${pkg}-${file.replace(/\.gz$/, "")}`.replace(/[^A-Za-z0-9._-]/g, "_");
    out.push({
      name: `${String(out.length).padStart(5, "0")}-${stem}.txt`,
      text: `${text}\n\nArchive reference: ${token}\n`,
      token,
    });
  }
  if (out.length < count)
    throw new Error(`only ${out.length} distinct texts under ${DOC_ROOT}; asked for ${count}`);
  return out;
}
