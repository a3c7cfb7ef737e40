// Development aid (see search-explore.ts): where the fit half's targets rank (SHOW=1 lists the misses); never the check half.
import { completeEvidence } from "./search-explore-evidence.js";
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import {
  DEFAULT_RANKING,
  rankEvidence,
  type Evidence,
} from "../../apps/server/src/modules/search/ranking.js";
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
  completeEvidence(e, i.query, d.titles);
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
