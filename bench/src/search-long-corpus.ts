/**
 * The search benchmark's corpus of documents of real length: English manual pages (rendered by
 * groff, several KB each) and READMEs, NEWS and text files under /usr/share/doc, none written
 * here. Two kinds of known-item query: a page's NAME description taken out of its text (short,
 * "an archiving utility"), and a sentence pasted from a document's text (kept in it), as people
 * paste an error message or a line they remember. Rendering takes minutes, so the documents are
 * kept in a cache file under the system's temporary directory (BENCH_LONG_CACHE).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { chunkMarkdown, seededRandom } from "@quire/textkit";
import { manToMarkdown } from "./ai-corpus.js";
import type { CorpusDocument } from "./search-corpus.js";
import type { KnownItem } from "./search-quality.js";

const hash = (text: string) => createHash("sha1").update(text).digest("hex");
/** Documents shorter than this are left out: the point is text of real length. */
const MIN_CHARS = 2_000;
const MAX_CHARS = 200_000;
const CACHE = process.env.BENCH_LONG_CACHE ?? path.join(tmpdir(), "quire-bench-long-corpus-v2.json");

interface Raw {
  key: string;
  title: string;
  body: string;
  /** A manual page's NAME description (removed from its body), else null. */
  description: string | null;
}

function gunzipMaybe(file: string): string | null {
  let bytes = readFileSync(file);
  if (file.endsWith(".gz")) bytes = gunzipSync(bytes, { maxOutputLength: 4_000_000 });
  if (bytes.subarray(0, 8000).includes(0)) return null;
  return bytes.toString("utf8");
}

function manPage(file: string): Raw | null {
  const head = gunzipMaybe(file)?.slice(0, 200) ?? "";
  if (/^\.so /m.test(head)) return null; // a redirect to another page
  let markdown: string;
  try {
    markdown = manToMarkdown(file);
  } catch {
    return null;
  }
  const line = /## Name\s*\n+([^\n]+)/.exec(markdown)?.[1];
  const dash = line?.indexOf(" - ") ?? -1;
  const base = path.basename(file).replace(/\.gz$/, "");
  const dot = base.lastIndexOf(".");
  const title = `${base.slice(0, dot)}(${base.slice(dot + 1)})`;
  if (!line || dash < 0) return { key: file, title, body: markdown, description: null };
  return {
    key: file,
    title,
    body: markdown.replace(line, line.slice(0, dash)).trim(),
    description: line.slice(dash + 3).trim(),
  };
}

function docFile(file: string): Raw | null {
  const text = gunzipMaybe(file);
  if (!text) return null;
  const dir = file.split("/")[4] ?? "";
  return {
    key: file,
    title: `${dir} ${path.basename(file).replace(/\.gz$/, "")}`,
    body: text,
    description: null,
  };
}

function manFiles(): string[] {
  const root = "/usr/share/man";
  return readdirSync(root)
    .filter((d) => /^man\d$/.test(d))
    .flatMap((d) => readdirSync(path.join(root, d)).map((f) => path.join(root, d, f)))
    .filter((f) => f.endsWith(".gz") && statSync(f).size >= 1000);
}

function docFiles(): string[] {
  const out: string[] = [];
  for (const dir of readdirSync("/usr/share/doc")) {
    const full = path.join("/usr/share/doc", dir);
    let entries: string[];
    try {
      entries = statSync(full).isDirectory() ? readdirSync(full) : [];
    } catch {
      continue;
    }
    for (const e of entries)
      if (/^(readme|news|faq)|\.(txt|md)(\.gz)?$/i.test(e) && statSync(path.join(full, e)).isFile())
        out.push(path.join(full, e));
  }
  return out;
}

/**
 * Manual pages and doc files in one fixed order (by hash of the path), so every prefix is a sample
 * of the same mix. This machine's pages are mostly one tool's (gcloud, about 16,000 much alike):
 * they take at most three places in five, so the other pages and files are spread over every size.
 */
function fileOrder(): string[] {
  const byHash = (a: string, b: string) => (hash(a) < hash(b) ? -1 : 1);
  const all = [...manFiles(), ...docFiles()];
  const one = all.filter((f) => path.basename(f).startsWith("gcloud")).sort(byHash);
  const others = all.filter((f) => !path.basename(f).startsWith("gcloud")).sort(byHash);
  const out: string[] = [];
  let o = 0;
  let g = 0;
  while (o < others.length || g < one.length) {
    const takeOther = o < others.length && (g >= one.length || out.length % 5 < 2);
    out.push(takeOther ? others[o++]! : one[g++]!);
  }
  return out;
}

interface Cache {
  /** How many files of the fixed order were read (kept or not). */
  tried: number;
  documents: Raw[];
}

function readAll(size: number): Raw[] {
  const cache: Cache = existsSync(CACHE)
    ? (JSON.parse(readFileSync(CACHE, "utf8")) as Cache)
    : { tried: 0, documents: [] };
  if (cache.documents.length >= size) return cache.documents;
  const files = fileOrder();
  const seen = new Set(cache.documents.map((d) => hash(d.body)));
  while (cache.documents.length < size && cache.tried < files.length) {
    const file = files[cache.tried++]!;
    const raw = file.startsWith("/usr/share/man/") ? manPage(file) : docFile(file);
    if (!raw || raw.body.length < MIN_CHARS || raw.body.length > MAX_CHARS) continue;
    const digest = hash(raw.body);
    if (seen.has(digest)) continue;
    seen.add(digest);
    cache.documents.push(raw);
    // Kept as it grows: rendering thousands of pages takes minutes on a busy machine.
    if (cache.documents.length % 500 === 0) writeFileSync(CACHE, JSON.stringify(cache));
  }
  writeFileSync(CACHE, JSON.stringify(cache));
  return cache.documents;
}

/** Up to `size` documents of several KB each, in a fixed order. */
export function buildLongCorpus(size: number): CorpusDocument[] {
  return readAll(size)
    .slice(0, size)
    .map((raw) => ({
      key: raw.key,
      title: raw.title,
      body: raw.body,
      passages: chunkMarkdown(raw.body, { minWords: 100, maxWords: 300 })
        .filter((p) => p.wordCount >= 5)
        .map((p) => ({ heading: p.heading, text: p.text })),
      query: raw.description,
    }))
    .filter((d) => d.passages.length > 0);
}

/** A sentence of 10–40 words, mostly letters, that reads as prose (not a table row or a command). */
function proseSentences(body: string): string[] {
  return body
    .replace(/^#+ .*$/gm, "")
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => {
      const words = s.split(" ");
      const letters = s.replace(/[^\p{L}]/gu, "").length;
      return words.length >= 10 && words.length <= 40 && letters / s.length > 0.7 && /[.!?]$/.test(s);
    });
}

export interface LongItems {
  short: KnownItem[];
  sentence: KnownItem[];
}

/**
 * Known items: each manual page's description no other page shares (short), and one prose
 * sentence per document that no other document holds (pasted). Halves by hash of the key.
 */
export function longKnownItems(corpus: CorpusDocument[]): LongItems {
  const fit = (key: string) => parseInt(hash(`split:${key}`).slice(0, 2), 16) % 2 === 0;
  const counts = new Map<string, number>();
  for (const d of corpus)
    if (d.query) counts.set(d.query.toLowerCase(), (counts.get(d.query.toLowerCase()) ?? 0) + 1);
  const short = corpus
    .filter((d) => d.query && d.query.split(/\s+/).length >= 2 && counts.get(d.query.toLowerCase()) === 1)
    .map((d) => ({ query: d.query!, key: d.key, fit: fit(d.key) }));
  const random = seededRandom(36);
  const sentencesOf = corpus.map((d) => proseSentences(d.body));
  const holders = new Map<string, number>();
  for (const list of sentencesOf) for (const s of new Set(list)) holders.set(s, (holders.get(s) ?? 0) + 1);
  const sentence: KnownItem[] = [];
  corpus.forEach((d, i) => {
    // A sentence several documents hold (a licence's boilerplate) names none of them alone.
    const candidates = sentencesOf[i]!.filter((s) => holders.get(s) === 1);
    if (candidates.length === 0) return;
    const picked = candidates[Math.floor(random() * candidates.length)]!;
    sentence.push({ query: picked, key: d.key, fit: fit(d.key) });
  });
  return { short, sentence };
}
