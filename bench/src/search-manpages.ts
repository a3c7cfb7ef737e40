/**
 * A known-item test on text none of the search weights were fitted on:
 * Debian manual pages, each page's one-line description (NAME's "tar - an archiving utility") taken
 * out of its text and used as the query that should find it, the page's name as its title. Quire's
 * full-text and hybrid search through the service beside the textbook BM25 over the same text.
 * `npx tsx bench/src/search-manpages.ts [pages]` (default 1,000; PGlite in memory, about 3 minutes).
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { chunkMarkdown } from "@quire/textkit";
import type { SearchMode } from "@quire/contracts";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { manToMarkdown } from "./ai-corpus.js";
import type { CorpusDocument } from "./search-corpus.js";
import { PlainBm25 } from "./search-quality.js";
import { loadForExplore } from "./search.js";

const MAN_DIRS = ["/usr/share/man/man1", "/usr/share/man/man5", "/usr/share/man/man8"];
const hash = (text: string) => createHash("sha1").update(text).digest("hex");

/** A page as a document whose NAME line keeps the name and loses the description, which becomes the query. */
function pageDocument(file: string): CorpusDocument | null {
  let markdown: string;
  try {
    markdown = manToMarkdown(file);
  } catch {
    return null;
  }
  const line = /## Name\s*\n+([^\n]+)/.exec(markdown)?.[1];
  const dash = line?.indexOf(" - ") ?? -1;
  if (!line || dash < 0) return null;
  const query = line.slice(dash + 3).trim();
  const body = markdown.replace(line, line.slice(0, dash)).trim();
  if (body.split(/\s+/).length < 50 || query.split(/\s+/).length < 2) return null;
  const base = file.split("/").pop()!.replace(/\.gz$/, "");
  const dot = base.lastIndexOf(".");
  const passages = chunkMarkdown(body, { minWords: 100, maxWords: 300 });
  return {
    key: file,
    title: `${base.slice(0, dot)}(${base.slice(dot + 1)})`,
    body,
    passages: passages.map((c) => ({ heading: c.heading, text: c.text })),
    query,
  };
}

const size = Number(process.argv[2] ?? 1000);
const files = MAN_DIRS.flatMap((dir) => readdirSync(dir).map((f) => `${dir}/${f}`)).sort((a, b) =>
  hash(a) < hash(b) ? -1 : 1,
);
const corpus: CorpusDocument[] = [];
for (const file of files) {
  if (corpus.length >= size) break;
  const page = pageDocument(file);
  if (page) corpus.push(page);
}
// A description several pages share names none of them alone.
const shared = new Map<string, number>();
for (const d of corpus) shared.set(d.query!.toLowerCase(), (shared.get(d.query!.toLowerCase()) ?? 0) + 1);
const items = corpus.filter((d) => shared.get(d.query!.toLowerCase()) === 1);

const plain = new PlainBm25(corpus);
const loaded = await loadForExplore(corpus);
const reciprocal = { plain: 0, fulltext: 0, hybrid: 0 };
const found = { plain: 0, fulltext: 0, hybrid: 0 };
const count = (name: keyof typeof found, rank: number) => {
  if (rank < 0 || rank >= 10) return;
  reciprocal[name] += 1 / (rank + 1);
  found[name]++;
};
for (const d of items) {
  count("plain", plain.search(d.query!).indexOf(d.key));
  for (const mode of ["fulltext", "hybrid"] as SearchMode[]) {
    const results = await searchPassages(loaded.ctx, loaded.actor, d.query!, { limit: 10, mode });
    count(
      mode as "fulltext" | "hybrid",
      results.findIndex((r) => r.documentId === loaded.idOf.get(d.key)),
    );
  }
}
const n = items.length;
const line = (label: string, name: keyof typeof found) =>
  `  ${label.padEnd(34)}${(reciprocal[name] / n).toFixed(3).padStart(8)}${(found[name] / n).toFixed(3).padStart(11)}${(reciprocal[name] / reciprocal.plain).toFixed(2).padStart(8)}×`;
console.log(
  `manual pages: ${corpus.length} pages, ${n} known-item queries (descriptions no other page shares)`,
);
console.log(`  ${"".padEnd(34)}  MRR@10  recall@10`);
console.log(line("plain BM25 (k1 1.2, b 0.75)", "plain"));
console.log(line("Quire default (full-text)", "fulltext"));
console.log(line("Quire hybrid", "hybrid"));
process.exit(0);
