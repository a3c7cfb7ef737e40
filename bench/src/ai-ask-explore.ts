/**
 * Offline tuning on the fit half, from the file `ai-ask-dump.ts` saved: re-ranks and answers
 * every fit question with the shipped models and with models fitted now, in seconds.
 * `npx tsx bench/src/ai-ask-explore.ts /tmp/fit.json`
 */
import { readFileSync } from "node:fs";
import type { AiAnswer } from "@quire/contracts";
import { localAnswer } from "../../apps/server/src/modules/ai/ask.js";
import { DOCUMENT_MODEL } from "../../apps/server/src/modules/ai/ask-model.js";
import {
  byDocumentModel,
  type RankedPassage,
  type Retrieval,
} from "../../apps/server/src/modules/ai/retrieve.js";
import type { StoredPassage } from "../../apps/server/src/modules/ai/passages.js";
import { auc, holdsFact } from "./ai-ask-eval.js";

interface Row {
  question: string;
  document: string | null;
  expected: string | null;
  ms: number;
  bm25Top: string | null;
  fulltext: Array<{ title: string; score: number }>;
  askedFulltext: Array<{ title: string; score: number }>;
  retrieval: {
    analysis: Retrieval["analysis"];
    ranked: RankedPassage[];
    byDocument: Array<[string, StoredPassage[]]>;
    synonyms: Array<[string, string[]]>;
    idf: Array<[string, number]>;
  };
}

export function loadDump(path: string): Array<Row & { r: Retrieval }> {
  const rows = JSON.parse(readFileSync(path, "utf8")) as Row[];
  return rows.map((row) => ({
    ...row,
    r: {
      analysis: row.retrieval.analysis,
      ranked: row.retrieval.ranked,
      byDocument: new Map(row.retrieval.byDocument),
      synonyms: new Map(row.retrieval.synonyms.map(([k, v]) => [k, new Set(v)])),
      idf: new Map(row.retrieval.idf),
    },
  }));
}

export function report(
  name: string,
  rows: Array<Row & { r: Retrieval }>,
  answerOf: (r: Retrieval) => AiAnswer,
  verbose = false,
): void {
  const answerable = rows.filter((x) => x.document !== null);
  const absent = rows.filter((x) => x.document === null);
  let first = 0;
  let fact = 0;
  let refused = 0;
  const scored: Array<{ p: number; right: boolean }> = [];
  for (const x of rows) {
    const a = answerOf(x.r);
    const right = a.citations[0]?.title === x.document;
    if (x.document === null) {
      if (a.citations.length === 0) refused++;
      else scored.push({ p: a.confidence, right: false });
      continue;
    }
    if (right) first++;
    const holds = holdsFact(a, x.expected ?? "");
    if (holds) fact++;
    if (a.citations.length > 0) scored.push({ p: a.confidence, right });
    if (verbose && (!right || !holds))
      console.log(
        `   ${right ? "fact" : "MISS"} "${x.question}" → ${a.citations[0]?.title ?? "(refused)"} ${a.confidence}; want ${x.document} "${x.expected}"${right ? `\n      got: ${a.answer.slice(0, 300)}` : ""}`,
      );
  }
  console.log(
    `${name}: first ${first}/${answerable.length}, fact ${fact}, absent refused ${refused}/${absent.length}, AUC ${auc(scored).toFixed(3)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = loadDump(process.argv[2] ?? "/tmp/ask-fit.json");
  const answerable = rows.filter((x) => x.document !== null);
  const count = (f: (x: Row & { r: Retrieval }) => boolean) => answerable.filter(f).length;
  console.log(
    `fit: ${answerable.length} answerable; BM25 top ${count((x) => x.bm25Top === x.document)}; fulltext(question) top ${count((x) => x.fulltext[0]?.title === x.document)}; fulltext(asked) top ${count((x) => x.askedFulltext[0]?.title === x.document)}; in candidates ${count((x) => x.r.ranked.some((p) => p.title === x.document))}; candidate order first ${count((x) => x.r.ranked.find((p) => p.features.documentRank === 1)?.title === x.document)}`,
  );
  const ms = rows.map((x) => x.ms).sort((a, b) => a - b);
  console.log(
    `retrieve ms p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} p95 ${ms[Math.floor(ms.length * 0.95)]?.toFixed(0)}`,
  );
  // The dump holds the passage model's probabilities; the shipped document model orders them.
  const shipped = rows.map((x) => ({
    ...x,
    r: { ...x.r, ranked: byDocumentModel(x.question, x.r.ranked, DOCUMENT_MODEL) },
  }));
  report("shipped", shipped, (r) => localAnswer(r).answer, process.env.VERBOSE === "1");
}
