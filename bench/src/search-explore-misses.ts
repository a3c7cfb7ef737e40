// Development aid (see search-explore.ts): where the fit half's targets rank (SHOW=1 lists the misses); never the check half.
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import { idf, isStopWord, stem, titleParts } from "@quire/textkit";
import {
  DEFAULT_RANKING,
  rankEvidence,
  type Evidence,
} from "../../apps/server/src/modules/search/ranking.js";
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const d = deserialize(readFileSync(process.argv[2]!)) as {
  items: Array<{ query: string; key: string; fit: boolean; target: string; full: Evidence | null }>;
  titles: Map<string, string>;
};
const fit = d.items.filter((i) => i.fit);
let missing = 0,
  noEv = 0;
const hist = new Map<number, number>();
for (const i of fit) {
  const e = i.full;
  if (!e) {
    noEv++;
    continue;
  }
  e.titleParts = new Map(
    [...new Set(e.postings.map((p) => p.documentId))].map((id) => [id, titleParts(d.titles.get(id) ?? "")]),
  );
  e.exactWords = new Map();
  e.queryWords = [...new Set(words(i.query))]
    .filter((w) => !isStopWord(w))
    .map((word) => ({
      word,
      weight: idf(
        e.stats.passages,
        e.terms.find((t) => t.position !== null && t.lexeme === stem(word))?.df ?? 1,
      ),
    }));
  const r = rankEvidence(e, DEFAULT_RANKING);
  const rank = r.findIndex((x) => x.documentId === i.target);
  if (!e.postings.some((p) => p.documentId === i.target)) missing++;
  const b = rank < 0 ? -1 : Math.min(rank, 10);
  hist.set(b, (hist.get(b) ?? 0) + 1);
  if (process.env.SHOW && rank !== 0)
    console.log(
      `${rank}\t${i.query}\t[${i.key}]\ttop: ${r
        .slice(0, 3)
        .map((x) => d.titles.get(x.documentId))
        .join(" | ")}`,
    );
}
console.log({ n: fit.length, noEv, missing, hist: [...hist].sort((a, b) => a[0] - b[0]) });
