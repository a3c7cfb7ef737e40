/**
 * The fit half's retrievals saved to a JSON file once, so models can be fitted and compared
 * offline in seconds: a retrieval's candidates do not depend on the re-ranker or the document
 * model (`rescored` replays them). Only FIT-half questions are written; the check half is never
 * read here. `npx tsx bench/src/ai-ask-snapshot.ts /tmp/fit.json [candidate documents]`
 */
import { readFileSync, writeFileSync } from "node:fs";
import { retrieve, type Retrieval } from "../../apps/server/src/modules/ai/retrieve.js";
import type { StoredPassage } from "../../apps/server/src/modules/search/repository.js";
import { loadArchive, loadEvalSet } from "./ai-ask-archive.js";
import type { FitCase } from "./ai-ask-learn.js";

export interface SavedRetrieval extends Omit<Retrieval, "byDocument" | "synonyms" | "idf"> {
  byDocument: Array<[string, StoredPassage[]]>;
  synonyms: Array<[string, string[]]>;
  idf: Array<[string, number]>;
}

interface SavedCase extends Omit<FitCase, "retrieval"> {
  question: string;
  retrieval: SavedRetrieval;
}

export function save(r: Retrieval): SavedRetrieval {
  return {
    ...r,
    // Embeddings are only read while ranking; quoting needs the text.
    byDocument: [...r.byDocument].map(([id, ps]) => [id, ps.map((p) => ({ ...p, embedding: null }))]),
    synonyms: [...r.synonyms].map(([s, set]) => [s, [...set]]),
    idf: [...r.idf],
  };
}

export function restore(r: SavedRetrieval): Retrieval {
  return {
    ...r,
    byDocument: new Map(r.byDocument),
    synonyms: new Map(r.synonyms.map(([s, list]) => [s, new Set(list)])),
    idf: new Map(r.idf),
  };
}

export function readSnapshot(path: string): Array<FitCase & { question: string }> {
  const saved = JSON.parse(readFileSync(path, "utf8")) as SavedCase[];
  return saved.map((c) => ({ ...c, retrieval: restore(c.retrieval) }));
}

async function main(out: string, candidateDocuments: number): Promise<void> {
  const set = loadEvalSet();
  const archive = await loadArchive(set, Number(process.env.BENCH_AI_DOCUMENTS ?? 1000), {});
  const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
  const fit = [
    ...set.questions.filter((q) => q.half === "fit"),
    ...set.absent.filter((q) => q.half === "fit").map((q) => ({ ...q, document: null, expected: null })),
  ];
  const cases: SavedCase[] = [];
  for (const q of fit) {
    const r = await retrieve(ctx, archive.actor, q.question, undefined, undefined, { candidateDocuments });
    cases.push({ question: q.question, document: q.document, expected: q.expected, retrieval: save(r) });
  }
  writeFileSync(out, JSON.stringify(cases));
  await archive.t.close();
}

if (process.argv[1]?.endsWith("ai-ask-snapshot.ts")) {
  await main(process.argv[2] ?? "/tmp/fit.json", Number(process.argv[3] ?? 8));
  process.exit(0);
}
