// Development aid: tries ranking variants on dumped evidence (see search-explore.ts).
import { completeEvidence, words } from "./search-explore-evidence.js";
import { idf, isStopWord, stem, titleParts, titleSubwordMatch } from "@quire/textkit";
import {
  DEFAULT_RANKING,
  rankEvidence,
  type Evidence,
  type RankingParams,
} from "../../apps/server/src/modules/search/ranking.js";
import { evaluate } from "./search-explore.js";

function titleMatch(query: string, title: string, e: Evidence, _mode: number): number {
  const list = [...new Set(words(query))]
    .filter((w) => !isStopWord(w))
    .map((word) => {
      const term = e.terms.find((t) => t.position !== null && t.lexeme === stem(word));
      return { word, weight: idf(e.stats.passages, term?.df ?? 1) };
    });
  return titleSubwordMatch(list, titleParts(title));
}

function ranked(
  e: Evidence | null,
  params: RankingParams,
  query: string,
  titles: Map<string, string>,
  w: number,
  mode: number,
) {
  if (!e) return [];
  const list = rankEvidence(e, params);
  if (w === 0) return list.map((r) => r.documentId);
  return list
    .map((r) => ({
      id: r.documentId,
      s: r.fusion + w * titleMatch(query, titles.get(r.documentId) ?? "", e, mode),
    }))
    .sort((a, b) => b.s - a.s)
    .map((r) => r.id);
}

const variants: Record<string, Parameters<typeof evaluate>[1][string]> = {
  default: (i) => ranked(i.full, DEFAULT_RANKING, i.query, new Map(), 0, 0),
  "hybrid default": (i) => ranked(i.hybrid, DEFAULT_RANKING, i.query, new Map(), 0, 0),
};
for (const mode of [0])
  for (const w of [0.05, 0.1, 0.2, 0.3, 0.5])
    variants[`title sub-word mode ${mode} w ${w}`] = (i, t) =>
      ranked(i.full, DEFAULT_RANKING, i.query, t, w, mode);
evaluate(process.argv[2] ?? "/tmp/sr/evidence.bin", variants);

// Coordinate ascent on the fit half over the ranking's own weights with the title sub-words.
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
const dumped = deserialize(readFileSync(process.argv[2] ?? "/tmp/sr/evidence.bin")) as {
  items: Array<{
    query: string;
    fit: boolean;
    target: string;
    full: Evidence | null;
    hybrid: Evidence | null;
  }>;
  titles: Map<string, string>;
};
for (const item of dumped.items)
  for (const e of [item.full, item.hybrid]) {
    if (!e) continue;
    completeEvidence(e, item.query, dumped.titles);
  }
const mrr = (items: typeof dumped.items, params: RankingParams, hybrid = false) => {
  let sum = 0;
  for (const item of items) {
    const e = hybrid ? item.hybrid : item.full;
    if (!e) continue;
    const rank = rankEvidence(e, params)
      .slice(0, 10)
      .findIndex((r) => r.documentId === item.target);
    if (rank >= 0) sum += 1 / (rank + 1);
  }
  return sum / items.length;
};
const fitItems = dumped.items.filter((i) => i.fit);
const checkItems = dumped.items.filter((i) => !i.fit);
let best: RankingParams = { ...DEFAULT_RANKING };
let bestScore = mrr(fitItems, best);
const grid: Partial<Record<keyof RankingParams, number[]>> = JSON.parse(process.env.GRID ?? "{}");
for (let pass = 0; pass < 2; pass++)
  for (const [name, values] of Object.entries(grid) as Array<[keyof RankingParams, number[]]>)
    for (const value of values) {
      const trial = { ...best, [name]: value };
      const s = mrr(fitItems, trial);
      if (s > bestScore + 1e-9) [best, bestScore] = [trial, s];
    }
console.log("fitted", JSON.stringify(best));
console.log(`fitted default fit ${mrr(fitItems, best).toFixed(3)} check ${mrr(checkItems, best).toFixed(3)}`);
console.log(
  `fitted hybrid  fit ${mrr(fitItems, best, true).toFixed(3)} check ${mrr(checkItems, best, true).toFixed(3)}`,
);
if (process.env.PLAIN) {
  const { buildCorpus } = await import("./search-corpus.js");
  const { PlainBm25 } = await import("./search-quality.js");
  const plain = new PlainBm25(buildCorpus(Number(process.env.SIZE ?? 10000)));
  const keyed = dumped.items as unknown as Array<{ query: string; key: string; fit: boolean }>;
  const m = (list: typeof keyed) =>
    list.reduce((s, i) => {
      const r = plain.search(i.query).indexOf(i.key);
      return s + (r >= 0 ? 1 / (r + 1) : 0);
    }, 0) / list.length;
  console.log(
    `plain BM25 fit ${m(keyed.filter((i) => i.fit)).toFixed(3)} check ${m(keyed.filter((i) => !i.fit)).toFixed(3)}`,
  );
}
if (process.env.EXACT) {
  const { buildCorpus } = await import("./search-corpus.js");
  const byTitle = new Map(
    buildCorpus(Number(process.env.SIZE ?? 10000)).map((d) => [
      d.title,
      new Set(words(`${d.title} ${d.body}`)),
    ]),
  );
  const exactShare = (e: Evidence, id: string) => {
    const tokens = byTitle.get(dumped.titles.get(id) ?? "") ?? new Set<string>();
    let total = 0;
    let hit = 0;
    for (const { word, weight } of e.queryWords) {
      total += weight;
      if (tokens.has(word)) hit += weight;
    }
    return total > 0 ? hit / total : 0;
  };
  const rankWith = (e: Evidence, params: RankingParams, w: number, depth: number) => {
    const list = rankEvidence(e, params);
    return list
      .map((r, i) => ({ id: r.documentId, s: r.fusion + (i < depth ? w * exactShare(e, r.documentId) : 0) }))
      .sort((a, b) => b.s - a.s)
      .map((r) => r.id);
  };
  const m = (items: typeof dumped.items, w: number, depth: number) =>
    items.reduce((s, i) => {
      if (!i.full) return s;
      const r = rankWith(i.full, best, w, depth).slice(0, 10).indexOf(i.target);
      return s + (r >= 0 ? 1 / (r + 1) : 0);
    }, 0) / items.length;
  for (const depth of [20, 50])
    for (const w of [0.05, 0.1, 0.2, 0.3, 0.5])
      console.log(
        `exact forms w ${w} depth ${depth}: fit ${m(fitItems, w, depth).toFixed(3)} check ${m(checkItems, w, depth).toFixed(3)}`,
      );
}
