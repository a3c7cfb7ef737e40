// Development aid (see search-explore.ts): where the fit half's targets rank, why the misses miss,
// and what MRR@10 fixing every ordinary miss would reach beside plain BM25 over the same corpus
// (SHOW=1 lists the misses). Never the check half.
// `npx tsx bench/src/search-explore-misses.ts /tmp/evidence.bin [documents]` (the dump's size).
import { completeEvidence, words } from "./search-explore-evidence.js";
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import { idf, stem, titleParts } from "@quire/textkit";
import {
  DEFAULT_RANKING,
  rankEvidence,
  type Evidence,
} from "../../apps/server/src/modules/search/ranking.js";
import { buildCorpus } from "./search-corpus.js";
import { PlainBm25 } from "./search-quality.js";
import type { Dumped } from "./search-explore.js";

const d = deserialize(readFileSync(process.argv[2]!)) as { items: Dumped[]; titles: Map<string, string> };
const fit = d.items.filter((i) => i.fit);

/** Name parts that say what kind of package or file a title is, not which one. */
const GENERIC = new Set(
  "lib dev doc dbg python python3 golang github perl ruby node librust rust cran bioc libghc ghc prof java php common data utils tools bin plugin plugins qt5 qt6 ocaml elpa fonts gir1 linux gnu kf5 kf6 qml module".split(
    " ",
  ),
);
const nameParts = (title: string) => titleParts(title).filter((p) => p.length >= 3 && !GENERIC.has(p));

/** Another title naming the same thing: a shared distinctive part, or one inside the other. */
function sibling(a: string, b: string): boolean {
  const mine = nameParts(a);
  return nameParts(b).some((p) =>
    mine.some((q) => p === q || (p.length >= 4 && q.length >= 4 && (p.includes(q) || q.includes(p)))),
  );
}

/**
 * Share of the query's idf whose stems the target's own text holds (its title and whole body, not
 * only the postings the search read: a common word's list is read best-first and may stop before it).
 */
function heldShare(e: Evidence, text: string): number {
  const held = new Set(words(text).map(stem));
  let total = 0;
  let got = 0;
  for (const t of e.terms.filter((term) => term.position !== null)) {
    const weight = idf(e.stats.passages, t.df);
    total += weight;
    if (held.has(t.lexeme)) got += weight;
  }
  return total > 0 ? got / total : 0;
}

const corpus = buildCorpus(Number(process.argv[3] ?? 10000));
const textOf = new Map(corpus.map((doc) => [doc.key, `${doc.title} ${doc.body}`]));
const counts = { first: 0, vocabulary: 0, sibling: 0, ordinary: 0 };
const hist = new Map<number, number>();
let mrr = 0;
let ceiling = 0;
const quire: number[] = [];
for (const i of fit) {
  const e = i.full;
  const r = e ? (completeEvidence(e, i.query, d.titles), rankEvidence(e, DEFAULT_RANKING)) : [];
  const rank = r.findIndex((x) => x.documentId === i.target);
  const reciprocal = rank >= 0 && rank < 10 ? 1 / (rank + 1) : 0;
  mrr += reciprocal;
  quire.push(reciprocal);
  hist.set(rank < 0 ? -1 : Math.min(rank, 10), (hist.get(rank < 0 ? -1 : Math.min(rank, 10)) ?? 0) + 1);
  const title = d.titles.get(i.target) ?? i.key;
  const above = r.slice(0, rank < 0 ? 10 : rank).map((x) => d.titles.get(x.documentId) ?? "");
  const kind =
    rank === 0
      ? "first"
      : !e || heldShare(e, textOf.get(i.key) ?? "") < 0.5
        ? "vocabulary"
        : above.some((t) => sibling(title, t))
          ? "sibling"
          : "ordinary";
  counts[kind]++;
  ceiling += kind === "first" || kind === "ordinary" ? 1 : reciprocal;
  if (process.env.SHOW && rank !== 0)
    console.log(`${rank}\t${kind}\t${i.query}\t[${i.key}]\ttop: ${above.slice(0, 3).join(" | ")}`);
}
const plain = new PlainBm25(corpus);
let plainMrr = 0;
/** Per query the better of the two rankings: what choosing between them perfectly would reach. */
let eitherMrr = 0;
fit.forEach((i, index) => {
  const rank = plain.search(i.query).indexOf(i.key);
  const reciprocal = rank >= 0 ? 1 / (rank + 1) : 0;
  plainMrr += reciprocal;
  eitherMrr += Math.max(reciprocal, quire[index]!);
});
const n = fit.length;
console.log({ n, hist: [...hist].sort((a, b) => a[0] - b[0]), ...counts });
console.log(
  `fit half MRR@10: Quire ${(mrr / n).toFixed(4)}, plain BM25 ${(plainMrr / n).toFixed(4)} (${(mrr / plainMrr).toFixed(3)}×); ` +
    `1.10× needs ${((1.1 * plainMrr) / n).toFixed(4)}; every ordinary miss first (vocabulary and sibling misses kept): ${(ceiling / n).toFixed(4)} (${(ceiling / plainMrr).toFixed(3)}×); ` +
    `the better of Quire and plain BM25 per query: ${(eitherMrr / n).toFixed(4)}`,
);
