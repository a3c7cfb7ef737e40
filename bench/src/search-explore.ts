/**
 * Development aid for the search ranking (not part of `npm run bench`): loads the benchmark's
 * corpus into PGlite once, collects each known-item query's evidence and the candidates' titles,
 * and writes them to a file so ranking variants can be tried on the fit half without the database.
 * `npx tsx bench/src/search-explore.ts dump /tmp/evidence.bin [documents]`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { deserialize, serialize } from "node:v8";
import { parseSearchQuery } from "@quire/textkit";
import { sql } from "drizzle-orm";
import { listableDocumentsWhere } from "../../apps/server/src/policies/documents-where.js";
import type { Evidence } from "../../apps/server/src/modules/search/ranking.js";
import { rowsOf } from "../../apps/server/src/db/rows.js";
import { buildCorpus, knownItems } from "./search-corpus.js";
import { fullEvidence } from "./search-quality.js";
import { loadForExplore } from "./search.js";

const [, , command, file = "/tmp/evidence.bin", size = "10000", perHalf = "500"] = process.argv;
if (command === "dump") {
  const corpus = buildCorpus(Number(size));
  const items = knownItems(corpus);
  const fit = items.filter((i) => i.fit).slice(0, Number(perHalf));
  const check = items.filter((i) => !i.fit).slice(0, Number(perHalf));
  const loaded = await loadForExplore(corpus);
  const titles = new Map<string, string>();
  const out = [];
  for (const item of [...fit, ...check]) {
    const parsed = parseSearchQuery(item.query);
    const request = { query: item.query, parsed, where: listableDocumentsWhere(loaded.actor) };
    const full = await fullEvidence(loaded.ctx, { ...request, mode: "fulltext" });
    const hybrid = process.env.HYBRID ? await fullEvidence(loaded.ctx, { ...request, mode: "hybrid" }) : full;
    if (out.length % 50 === 0) console.log(`  ${out.length} queries`);
    const ids = [...new Set((hybrid?.postings ?? []).map((p) => p.documentId))].filter(
      (id) => !titles.has(id),
    );
    if (ids.length > 0) {
      const rows = rowsOf<{ id: string; title: string }>(
        await loaded.ctx.db.execute(
          sql`select id, title from documents where id = any(${sql.param(ids)}::text[])`,
        ),
      );
      for (const row of rows) titles.set(row.id, row.title);
    }
    out.push({ ...item, target: loaded.idOf.get(item.key), full, hybrid });
  }
  writeFileSync(file, serialize({ items: out, titles }));
  console.log(`wrote ${out.length} queries' evidence to ${file}`);
  process.exit(0);
}

/** One known-item query's dumped evidence (what `dump` writes). */
export interface Dumped {
  query: string;
  key: string;
  fit: boolean;
  target: string;
  full: Evidence | null;
  hybrid: Evidence | null;
}

type Variant = (item: Dumped, titles: Map<string, string>) => string[];

function mrrOf(items: Dumped[], titles: Map<string, string>, variant: Variant): number {
  let sum = 0;
  for (const item of items) {
    const rank = variant(item, titles).slice(0, 10).indexOf(item.target);
    if (rank >= 0) sum += 1 / (rank + 1);
  }
  return sum / Math.max(1, items.length);
}

export function evaluate(file: string, variants: Record<string, Variant>): void {
  const { items, titles } = deserialize(readFileSync(file)) as {
    items: Dumped[];
    titles: Map<string, string>;
  };
  const fit = items.filter((i) => i.fit);
  const check = items.filter((i) => !i.fit);
  const plainFit = 0;
  void plainFit;
  for (const [name, variant] of Object.entries(variants))
    console.log(
      `${name.padEnd(50)} fit ${mrrOf(fit, titles, variant).toFixed(3)} check ${mrrOf(check, titles, variant).toFixed(3)}`,
    );
}
