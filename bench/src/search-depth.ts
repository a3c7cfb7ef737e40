/**
 * How deep each lexeme's posting list must be read, and in what order (not part of `npm run
 * bench`): `npx tsx bench/src/search-depth.ts [title,b,avg]` loads the search bench's 10,000
 * documents into PostgreSQL (BENCH_PG_URL, a fresh database; it is written into), optionally
 * rewrites every posting's impact with other weights (migration 0012's are 2, 0.9, 150; before
 * it, 3, 0.75, 150), then prints the fit half's MRR@10 and time per query with common words'
 * lists read 100, 300 (the product's) and 2,000 postings deep (a third of that when the query's
 * rare words carry most of its weight, ranking.ts's RARE_SHARE). Fit half only: the check half
 * is the search bench's to report.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../apps/server/src/db/client.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import { buildCorpus, knownItems } from "./search-corpus.js";
import { insertDocuments, searchOnly } from "./search.js";

const url = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/searchdepth";
const weights = process.argv[2]?.split(",").map(Number);
const handle = await openDatabase({ url });
const corpus = buildCorpus(10_000);
const items = knownItems(corpus)
  .filter((i) => i.fit)
  .slice(0, 1000);
const loaded = await searchOnly(handle, mkdtempSync(path.join(tmpdir(), "quire-depth-")));
await insertDocuments(loaded, corpus);
if (weights?.length === 3 && weights.every(Number.isFinite)) {
  const [title, b, avg] = weights as [number, number, number];
  // search_impact's shape (migration 0012) with other weights.
  await handle.db.execute(sql`update search_postings set impact = (select (w / (1.2 + w))::real from (select
    ${title}::float8 * title_tf + 1.5 * tags_tf + body_tf / (${1 - b}::float8 + ${b}::float8 * body_length / ${avg}::float8) as w) x)`);
  await handle.db.execute(sql`vacuum analyze search_postings`);
  console.log(`impacts rewritten: title ${title}, b ${b}, average length ${avg}`);
}
for (const depth of [100, 300, 2000]) {
  let sum = 0;
  const started = performance.now();
  for (const item of items) {
    const results = await searchPassages(loaded.ctx, loaded.actor, item.query, {
      limit: 10,
      mode: "fulltext",
      perLexeme: depth,
    });
    const rank = results.findIndex((r) => r.documentId === loaded.idOf.get(item.key));
    if (rank >= 0) sum += 1 / (rank + 1);
  }
  const ms = (performance.now() - started) / items.length;
  console.log(
    `  ${depth} postings per lexeme: fit MRR@10 ${(sum / items.length).toFixed(4)}, ${ms.toFixed(1)} ms a query`,
  );
}
await handle.close();
