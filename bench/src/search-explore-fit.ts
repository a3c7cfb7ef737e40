// Development aid (see search-explore.ts): re-ranking features and coordinate ascent on the fit half of dumped evidence; CHECK=1 prints the check half once, at the end.
import { completeEvidence, words } from "./search-explore-evidence.js";
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import { stem } from "@quire/textkit";
import {
  DEFAULT_RANKING,
  rankEvidence,
  type Evidence,
  type RankingParams,
} from "../../apps/server/src/modules/search/ranking.js";
import { buildCorpus } from "./search-corpus.js";

type Item = {
  query: string;
  key: string;
  fit: boolean;
  target: string;
  full: Evidence | null;
  hybrid: Evidence | null;
};
const d = deserialize(readFileSync(process.argv[2]!)) as { items: Item[]; titles: Map<string, string> };
const corpus = buildCorpus(Number(process.env.SIZE ?? 4000));
const tokensByTitle = new Map(corpus.map((c) => [c.title, new Set(words(`${c.title} ${c.body}`))]));
for (const item of d.items)
  for (const e of [item.full, item.hybrid]) {
    if (!e) continue;
    completeEvidence(e, item.query, d.titles);
  }
const fit = d.items.filter((i) => i.fit);
const exactShare = (e: Evidence, id: string) => {
  const tokens = tokensByTitle.get(d.titles.get(id) ?? "") ?? new Set<string>();
  let total = 0,
    hit = 0;
  for (const { word, weight } of e.queryWords) {
    total += weight;
    if (tokens.has(word)) hit += weight;
  }
  return total > 0 ? hit / total : 0;
};
function partHit(part: string, qwords: string[]): number {
  let best = 0;
  for (const w of qwords) {
    if (w === part || stem(w) === stem(part)) return 1;
    if (w.length >= 3 && part.startsWith(w)) best = Math.max(best, 0.8);
    if (part.length >= 3 && w.startsWith(part)) best = Math.max(best, 0.7);
    if (w.length >= 4 && part.includes(w)) best = Math.max(best, 0.6);
  }
  return best;
}
const titleCoverage = (e: Evidence, id: string, query: string) => {
  const parts = (e.titleParts.get(id) ?? []).filter((p) => !/^\d+$/.test(p));
  if (parts.length === 0) return 0;
  const q = words(query);
  return parts.reduce((s, p) => s + partHit(p, q), 0) / parts.length;
};
type Feature = (e: Evidence, id: string, item: Item) => number;
const features: Record<string, Feature> = {
  exact: (e, id) => exactShare(e, id),
  titleCov: (e, id, i) => titleCoverage(e, id, i.query),
  readme: (_e, id) => (/README/i.test(d.titles.get(id) ?? "") ? 1 : 0),
};
function mrr(
  items: Item[],
  params: RankingParams,
  weights: Record<string, number>,
  depth = 50,
  hybrid = false,
) {
  let sum = 0;
  for (const item of items) {
    const e = hybrid ? item.hybrid : item.full;
    if (!e) continue;
    const list = rankEvidence(e, params).map((r, i) => {
      let s = r.fusion;
      if (i < depth)
        for (const [f, w] of Object.entries(weights)) if (w) s += w * features[f]!(e, r.documentId, item);
      return { id: r.documentId, s };
    });
    list.sort((a, b) => b.s - a.s);
    const rank = list.slice(0, 10).findIndex((x) => x.id === item.target);
    if (rank >= 0) sum += 1 / (rank + 1);
  }
  return sum / items.length;
}
const base = { exact: 0.3 };
console.log(
  "base",
  mrr(fit, DEFAULT_RANKING, base).toFixed(4),
  "no exact",
  mrr(fit, DEFAULT_RANKING, {}).toFixed(4),
);
const grid: Record<string, number[]> = JSON.parse(
  process.env.FGRID ?? '{"titleCov":[0.05,0.1,0.2,0.3,0.5],"readme":[-0.05,-0.1,-0.2]}',
);
for (const [f, vals] of Object.entries(grid))
  for (const v of vals) console.log(f, v, mrr(fit, DEFAULT_RANKING, { ...base, [f]: v }).toFixed(4));
if (process.env.PGRID) {
  let best: RankingParams = { ...DEFAULT_RANKING, exactForms: 0 };
  const fw = JSON.parse(process.env.FW ?? "{}");
  let bestScore = mrr(fit, best, { ...base, ...fw });
  const pg: Record<string, number[]> = JSON.parse(process.env.PGRID);
  for (let pass = 0; pass < 2; pass++)
    for (const [name, values] of Object.entries(pg))
      for (const value of values) {
        const trial = { ...best, [name]: value };
        const s = mrr(fit, trial, { ...base, ...fw });
        if (s > bestScore + 1e-9) [best, bestScore] = [trial, s];
      }
  console.log("fitted", JSON.stringify(best), bestScore.toFixed(4));
}
if (process.env.CHECK) {
  const { PlainBm25 } = await import("./search-quality.js");
  const plain = new PlainBm25(corpus);
  const pm = (list: Item[]) =>
    list.reduce((s, i) => {
      const r = plain.search(i.query).indexOf(i.key);
      return s + (r >= 0 ? 1 / (r + 1) : 0);
    }, 0) / list.length;
  const check = d.items.filter((i) => !i.fit);
  console.log(`plain BM25 fit ${pm(fit).toFixed(3)} check ${pm(check).toFixed(3)}`);
  console.log(
    `quire default fit ${mrr(fit, DEFAULT_RANKING, base).toFixed(3)} check ${mrr(check, DEFAULT_RANKING, base).toFixed(3)}`,
  );
}
