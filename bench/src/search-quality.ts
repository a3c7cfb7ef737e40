/**
 * Retrieval quality of the search benchmark: MRR@10 and recall@10 of Quire's default and hybrid
 * modes beside a textbook BM25 over the same text, on known-item queries split once into a fit
 * half (where Quire's weights are chosen) and a check half (reported).
 */
import type { SearchMode } from "@quire/contracts";
import { parseSearchQuery } from "@quire/textkit";
import type { AppContext } from "../../apps/server/src/context.js";
import { listableDocumentsWhere } from "../../apps/server/src/policies/documents-where.js";
import { embeddingsOf } from "../../apps/server/src/modules/search/bm25-repository.js";
import {
  collectEvidence,
  DEFAULT_RANKING,
  rankEvidence,
  type Evidence,
  type RankingParams,
  type RankRequest,
} from "../../apps/server/src/modules/search/ranking.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import type { Actor } from "../../apps/server/src/policies/policy.js";
import type { CorpusDocument } from "./search-corpus.js";
import { PlainBm25 as TextbookBm25 } from "./plain-bm25.js";

export interface KnownItem {
  query: string;
  key: string;
  fit: boolean;
}

/** The textbook baseline (plain-bm25.ts) over the corpus's documents, answering with their keys. */
export class PlainBm25 {
  private readonly bm25: TextbookBm25;
  private readonly keys: string[];

  constructor(documents: CorpusDocument[]) {
    this.bm25 = new TextbookBm25(documents.map((doc) => `${doc.title} ${doc.body}`));
    this.keys = documents.map((doc) => doc.key);
  }

  search(query: string, limit = 10): string[] {
    return this.bm25.rank(query, limit).map((doc) => this.keys[doc]!);
  }
}

export interface Quality {
  mrr: number;
  recall: number;
}

function measure(ranks: number[]): Quality {
  const found = ranks.filter((r) => r >= 0 && r < 10);
  return {
    mrr: found.reduce((s, r) => s + 1 / (r + 1), 0) / Math.max(1, ranks.length),
    recall: found.length / Math.max(1, ranks.length),
  };
}

interface Context {
  ctx: AppContext;
  actor: Actor;
  /** Corpus key → document id in the database. */
  idOf: Map<string, string>;
}

/**
 * A query's evidence as search reads it, plus every candidate passage's embedding (search reads
 * the leading documents' only): weights tried on it may lead with other documents.
 */
export async function fullEvidence(ctx: AppContext, request: RankRequest): Promise<Evidence | null> {
  const evidence = await collectEvidence(ctx, request);
  if (evidence && evidence.queryVectors.size > 0)
    evidence.embeddings = await embeddingsOf(ctx.db, [...new Set(evidence.postings.map((p) => p.chunkId))]);
  return evidence;
}

async function evidenceFor(
  c: Context,
  items: KnownItem[],
  mode: SearchMode,
): Promise<Array<Evidence | null>> {
  const out: Array<Evidence | null> = [];
  for (const item of items) {
    const parsed = parseSearchQuery(item.query);
    out.push(
      await fullEvidence(c.ctx, { query: item.query, parsed, where: listableDocumentsWhere(c.actor), mode }),
    );
  }
  return out;
}

function score(evidence: Array<Evidence | null>, targets: string[], params: RankingParams): number {
  let sum = 0;
  evidence.forEach((e, i) => {
    if (!e) return;
    const terms = e.terms.map((t) => (t.position === null ? { ...t, weight: params.synonymWeight } : t));
    const rank = rankEvidence({ ...e, terms }, params)
      .slice(0, 10)
      .findIndex((r) => r.documentId === targets[i]);
    if (rank >= 0) sum += 1 / (rank + 1);
  });
  return sum / Math.max(1, evidence.length);
}

/** Coordinate ascent: each weight in turn takes the best of its candidate values, twice over. */
function fit(
  evidence: Array<Evidence | null>,
  targets: string[],
  start: RankingParams,
  grid: Partial<Record<keyof RankingParams, number[]>>,
): RankingParams {
  let best = start;
  let bestScore = score(evidence, targets, best);
  for (let pass = 0; pass < 2; pass++) {
    for (const [name, values] of Object.entries(grid) as Array<[keyof RankingParams, number[]]>) {
      for (const value of values) {
        const trial = { ...best, [name]: value };
        const s = score(evidence, targets, trial);
        if (s > bestScore + 1e-9) [best, bestScore] = [trial, s];
      }
    }
  }
  return best;
}

async function quireRanks(
  c: Context,
  items: KnownItem[],
  mode: SearchMode,
  ranking: RankingParams,
): Promise<number[]> {
  const ranks: number[] = [];
  for (const item of items) {
    const results = await searchPassages(c.ctx, c.actor, item.query, { limit: 10, mode, ranking });
    ranks.push(results.findIndex((r) => r.documentId === c.idOf.get(item.key)));
  }
  return ranks;
}

const row = (label: string, q: Quality, base?: Quality) =>
  `  ${label.padEnd(34)}${q.mrr.toFixed(3).padStart(8)}${(Number.isNaN(q.recall) ? "–" : q.recall.toFixed(3)).padStart(11)}${base ? `${(q.mrr / base.mrr).toFixed(2).padStart(8)}×` : ""}`;

/** Fits the ranking weights on the fit half, then prints every mode's quality on the check half. */
export async function measureQuality(
  c: Context,
  corpus: CorpusDocument[],
  items: KnownItem[],
): Promise<void> {
  const fitItems = items.filter((i) => i.fit);
  const check = items.filter((i) => !i.fit);
  const targets = fitItems.map((i) => c.idOf.get(i.key)!);
  const started = performance.now();
  const fullEvidence = await evidenceFor(c, fitItems, "fulltext");
  const bm25 = fit(fullEvidence, targets, DEFAULT_RANKING, {
    k1: [0.6, 0.9, 1.2, 1.6, 2.0],
    b: [0.3, 0.5, 0.75, 0.9, 1],
    titleWeight: [0, 1, 2, 3, 5, 8],
    tagsWeight: [1.5],
    coverage: [0, 0.25, 0.5, 1, 2, 3],
    proximity: [0, 0.1, 0.3, 0.6, 1],
    passageEvidence: [0, 0.1, 0.3],
    documentWeight: [0, 0.25, 0.5, 0.75, 1],
    titleSubword: [0, 0.05, 0.1, 0.2, 0.3, 0.5],
    titleNamed: [0, 0.1, 0.2, 0.3, 0.5],
    exactForms: [0, 0.05, 0.1, 0.2, 0.3, 0.5],
  });
  const hybridEvidence = await evidenceFor(c, fitItems, "hybrid");
  const fitted = fit(hybridEvidence, targets, bm25, {
    synonymWeight: [0, 0.1, 0.2, 0.3, 0.5],
    semanticWeight: [0, 0.05, 0.1, 0.2, 0.3, 0.5, 1],
  });
  console.log(
    `  weights fitted on ${fitItems.length} queries in ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(fitted)}`,
  );
  const plain = new PlainBm25(corpus);
  console.log(
    `\n  known-item queries (a package's one-line description finds it), ${corpus.length} documents:`,
  );
  console.log(
    `  ${"ranking".padEnd(34)}${"MRR@10".padStart(8)}${"recall@10".padStart(11)}${"vs BM25".padStart(9)}`,
  );
  const fitBase = measure(fitItems.map((i) => plain.search(i.query).indexOf(i.key)));
  console.log(row(`fit half (${fitItems.length}) plain BM25`, fitBase));
  const fitMrr = (evidence: Array<Evidence | null>) => ({
    mrr: score(evidence, targets, fitted),
    recall: NaN,
  });
  console.log(row("fit half quire default (as fitted)", fitMrr(fullEvidence), fitBase));
  console.log(row("fit half quire hybrid (as fitted)", fitMrr(hybridEvidence), fitBase));
  const base = measure(check.map((i) => plain.search(i.query).indexOf(i.key)));
  console.log(row(`check half (${check.length}) plain BM25`, base));
  for (const mode of ["fulltext", "hybrid"] as const)
    console.log(
      row(
        `check half quire ${mode === "fulltext" ? "default" : "hybrid"}`,
        measure(await quireRanks(c, check, mode, fitted)),
        base,
      ),
    );
}
