/**
 * The search benchmark's corpus: real text no one here wrote, read from this machine. Debian's
 * package records (`apt-cache dumpavail`) with their long descriptions (apt's Translation-en
 * lists, else dpkg's status for installed packages): the package name is the title, the long
 * description the text, and the one-line description the known-item query that should find it.
 * READMEs under /usr/share/doc add longer documents (distractors with many passages).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { chunkMarkdown } from "@quire/textkit";

export interface CorpusDocument {
  /** Package name or README path: stable, unique. */
  key: string;
  title: string;
  /** The whole text (what the plain BM25 reads, with the title). */
  body: string;
  passages: Array<{ heading: string | null; text: string }>;
  /** The known-item query (a package's one-line description), or null for READMEs. */
  query: string | null;
}

const LISTS = "/var/lib/apt/lists";
const hash = (text: string) => createHash("sha1").update(text).digest("hex");

/** Debian control-file paragraphs as field maps (continuation lines joined with newlines). */
function paragraphs(text: string): Array<Map<string, string>> {
  const out: Array<Map<string, string>> = [];
  let current = new Map<string, string>();
  let field = "";
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      if (current.size > 0) out.push(current);
      current = new Map();
      field = "";
    } else if (line.startsWith(" ") && field) {
      current.set(field, `${current.get(field)}\n${line.slice(1)}`);
    } else {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      field = line.slice(0, colon);
      current.set(field, line.slice(colon + 1).trim());
    }
  }
  if (current.size > 0) out.push(current);
  return out;
}

/** A description's continuation lines as markdown paragraphs (" ." is an empty line). */
function longText(description: string): { short: string; long: string } {
  const [short = "", ...rest] = description.split("\n");
  const long = rest.map((line) => (line.trim() === "." ? "" : line)).join("\n");
  return { short: short.trim(), long: long.trim() };
}

/** md5 of the description → its long text, from every Translation-en list apt has. */
function translations(): Map<string, string> {
  const out = new Map<string, string>();
  let files: string[];
  try {
    files = readdirSync(LISTS).filter((f) => f.includes("_i18n_Translation-en"));
  } catch {
    return out;
  }
  for (const file of files) {
    const text = execFileSync("/usr/lib/apt/apt-helper", ["cat-file", path.join(LISTS, file)], {
      maxBuffer: 512 * 1024 * 1024,
      encoding: "utf8",
    });
    for (const p of paragraphs(text)) {
      const md5 = p.get("Description-md5");
      const description = p.get("Description-en");
      if (md5 && description) out.set(md5, longText(description).long);
    }
  }
  return out;
}

function packageDocuments(): CorpusDocument[] {
  const available = execFileSync("apt-cache", ["dumpavail"], {
    maxBuffer: 1024 * 1024 * 1024,
    encoding: "utf8",
  });
  const status = readFileSync("/var/lib/dpkg/status", "utf8");
  const longByMd5 = translations();
  const longByPackage = new Map<string, string>();
  for (const p of paragraphs(status)) {
    const name = p.get("Package");
    const description = p.get("Description");
    if (name && description) longByPackage.set(name, longText(description).long);
  }
  const docs = new Map<string, CorpusDocument>();
  for (const p of paragraphs(available)) {
    const name = p.get("Package");
    const description = p.get("Description");
    if (!name || !description || docs.has(name)) continue;
    const { short } = longText(description);
    const long = longByMd5.get(p.get("Description-md5") ?? "") ?? longByPackage.get(name) ?? "";
    if (long.split(/\s+/).length < 8 || !short) continue;
    docs.set(name, {
      key: name,
      title: name,
      body: long,
      passages: chunkMarkdown(long, { minWords: 100, maxWords: 300 }).map((c) => ({
        heading: c.heading,
        text: c.text,
      })),
      query: short,
    });
  }
  return [...docs.values()].filter((d) => d.passages.length > 0);
}

function readmeDocuments(limit: number): CorpusDocument[] {
  const out: CorpusDocument[] = [];
  let dirs: string[];
  try {
    dirs = readdirSync("/usr/share/doc").sort();
  } catch {
    return out;
  }
  const seen = new Set<string>();
  for (const dir of dirs) {
    const full = path.join("/usr/share/doc", dir);
    let entries: string[];
    try {
      entries = statSync(full).isDirectory() ? readdirSync(full) : [];
    } catch {
      continue;
    }
    for (const entry of entries.filter((e) => /^readme/i.test(e)).sort()) {
      const file = path.join(full, entry);
      let bytes = readFileSync(file);
      if (file.endsWith(".gz")) bytes = gunzipSync(bytes, { maxOutputLength: 4_000_000 });
      if (bytes.length > 1_500_000 || bytes.subarray(0, 8000).includes(0)) continue;
      const text = bytes.toString("utf8");
      const digest = hash(text);
      if (text.trim().length < 500 || seen.has(digest)) continue;
      seen.add(digest);
      const passages = chunkMarkdown(text, { minWords: 100, maxWords: 300 })
        .filter((p) => p.wordCount >= 5)
        .map((p) => ({ heading: p.heading, text: p.text.slice(0, 20_000) }));
      if (passages.length === 0) continue;
      out.push({
        key: file,
        title: `${dir} ${entry.replace(/\.gz$/, "")}`,
        body: text,
        passages,
        query: null,
      });
    }
  }
  return out.sort((a, b) => (hash(a.key) < hash(b.key) ? -1 : 1)).slice(0, limit);
}

/**
 * Up to `size` documents in a fixed order (by hash of the key), one README in twenty, so every
 * prefix is a sample of the same mix and a larger tier holds the smaller one.
 */
export function buildCorpus(size: number): CorpusDocument[] {
  const packages = packageDocuments().sort((a, b) => (hash(a.key) < hash(b.key) ? -1 : 1));
  const readmes = readmeDocuments(Math.ceil(size / 20));
  const out: CorpusDocument[] = [];
  let p = 0;
  let r = 0;
  while (out.length < size && (p < packages.length || r < readmes.length)) {
    const takeReadme = r < readmes.length && (out.length % 20 === 19 || p >= packages.length);
    out.push(takeReadme ? readmes[r++]! : packages[p++]!);
  }
  return out;
}

/** Queries whose answer is known: packages with a one-line description no other document shares. */
export function knownItems(corpus: CorpusDocument[]): Array<{ query: string; key: string; fit: boolean }> {
  const counts = new Map<string, number>();
  for (const d of corpus)
    if (d.query) counts.set(d.query.toLowerCase(), (counts.get(d.query.toLowerCase()) ?? 0) + 1);
  return corpus
    .filter((d) => d.query && counts.get(d.query.toLowerCase()) === 1)
    .map((d) => ({
      query: d.query!,
      key: d.key,
      fit: parseInt(hash(`split:${d.key}`).slice(0, 2), 16) % 2 === 0,
    }));
}
