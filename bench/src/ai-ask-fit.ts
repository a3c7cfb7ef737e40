/**
 * Learning on the FIT half only (see ai-ask-learn.ts for what is learnt, ai-ask-cv.ts for how the
 * regularisation is chosen). `BENCH_AI_FIT=all|document|confidence` prints new values to paste
 * into apps/server/src/modules/ai/ask-model.ts; every run prints the curve and the shipped threshold.
 */
import { localAnswer, SECOND_DOCUMENT_GAP } from "../../apps/server/src/modules/ai/ask.js";
import {
  ANSWER_THRESHOLD,
  CONFIDENCE,
  DOCUMENT_MODEL,
  RERANK_MODEL,
} from "../../apps/server/src/modules/ai/ask-model.js";
import { retrieve } from "../../apps/server/src/modules/ai/retrieve.js";
import type { EvalSet } from "./ai-ask-archive.js";
import type { LoadedArchive } from "./ai-ask-archive.js";
import { crossValidatedModels } from "./ai-ask-cv.js";
import {
  chooseThreshold,
  fitConfidence,
  fitDocuments,
  prCurve,
  quotesNonAnswering,
  rescored,
  retrievalStages,
  type HoldsFact,
  scoredCases,
  type AskModels,
  type FitCase,
} from "./ai-ask-learn.js";

async function fitCases(archive: LoadedArchive, set: EvalSet): Promise<FitCase[]> {
  const cases: FitCase[] = [];
  const ctx = { ...archive.t.ctx, config: { ...archive.t.ctx.config, ai: undefined } };
  for (const q of set.questions.filter((x) => x.half === "fit"))
    cases.push({
      retrieval: await retrieve(ctx, archive.actor, q.question),
      document: q.document,
      expected: q.expected,
    });
  for (const q of set.absent.filter((x) => x.half === "fit"))
    cases.push({ retrieval: await retrieve(ctx, archive.actor, q.question), document: null, expected: null });
  return cases;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

const GAPS = [0, 0.25, 0.5, 0.75, 1, 1.5, 2];

/**
 * How close (in logit) a second document must come to the best for its sentences to be quoted:
 * on the fit half, each gap's answers quoting two documents and those quoting one that does not
 * answer; the widest gap with none of those is the choice.
 */
function secondDocumentSweep(
  cases: FitCase[],
  threshold: number,
  confidence: AskModels["confidence"],
  holds: HoldsFact,
): void {
  const answerable = cases.filter((c) => c.document !== null);
  const rows = GAPS.map((gap) => {
    let quotingTwo = 0;
    let nonAnswering = 0;
    let top3 = 0;
    for (const c of answerable) {
      const { answer } = localAnswer(c.retrieval, { threshold, confidence, secondDocumentGap: gap });
      const titles = [...new Set(answer.citations.map((x) => x.title))];
      if (titles.slice(0, 3).includes(c.document!)) top3++;
      if (titles.length > 1) quotingTwo++;
      if (quotesNonAnswering(answer, c.document!, c.expected!, holds)) nonAnswering++;
    }
    return { gap, quotingTwo, nonAnswering, top3 };
  });
  const chosen = rows.filter((r) => r.nonAnswering === 0).at(-1)?.gap ?? 0;
  console.log(
    `  second document quoted within a gap of (fit half, ${answerable.length} answerable): ${rows
      .map(
        (r) =>
          `${r.gap}: ${r.quotingTwo} answers quote two, ${r.nonAnswering} one not answering, right in top 3 ${r.top3}`,
      )
      .join("; ")}`,
  );
  console.log(
    `  gap: widest with no answer quoting a document that does not answer → ${chosen}; shipped SECOND_DOCUMENT_GAP ${SECOND_DOCUMENT_GAP}`,
  );
}

/**
 * `refit` "all" fits the re-ranker, document model, confidence and threshold; "document" keeps the
 * shipped re-ranker; "confidence" keeps both models and fits the confidence and threshold.
 */
export type Refit = "all" | "document" | "confidence" | null;

export async function fitBench(
  archive: LoadedArchive,
  set: EvalSet,
  refit: Refit,
  holds: HoldsFact,
): Promise<AskModels> {
  const cases = await fitCases(archive, set);
  let confidence = CONFIDENCE;
  let reranker = RERANK_MODEL;
  let document = DOCUMENT_MODEL;
  let scored = scoredCases(cases);
  console.log(`  fit half (shipped models): ${retrievalStages(cases)}`);
  if (refit) {
    if (refit === "all") ({ reranker, document } = crossValidatedModels(cases));
    let refitted = cases.map((c) => ({ ...c, retrieval: rescored(c.retrieval, reranker, document) }));
    if (refit === "document") {
      document = fitDocuments(refitted);
      refitted = refitted.map((c) => ({ ...c, retrieval: rescored(c.retrieval, reranker, document) }));
    }
    scored = scoredCases(refitted);
    console.log(
      `  fit half: first after re-ranking with the models fitted now ${scored.filter((s) => s.right).length}`,
    );
    // Refitting the confidence alone recalibrates the shipped evidence weights; "all" fits them anew.
    confidence = fitConfidence(scored, refit === "all" ? undefined : CONFIDENCE);
    console.log(`  fitted on the fit half (${refit}; ${cases.length} questions):`);
    console.log(
      `    RERANK_MODEL = { bias: ${round(reranker.bias)}, weights: [${reranker.weights.map(round).join(", ")}] }`,
    );
    console.log(`    DOCUMENT_MODEL = { weights: [${document.weights.map(round).join(", ")}] }`);
    console.log(
      `    CONFIDENCE = { bias: ${round(confidence.bias)}, weights: [${confidence.weights.map(round).join(", ")}] }`,
    );
  }
  const curve = prCurve(scored, confidence);
  const chosen = chooseThreshold(curve);
  const threshold = refit ? chosen : ANSWER_THRESHOLD;
  secondDocumentSweep(
    cases.map((c) => ({ ...c, retrieval: rescored(c.retrieval, reranker, document) })),
    threshold,
    confidence,
    holds,
  );
  console.log(
    `  precision-recall on the fit half (answer when confidence ≥ t): ${curve
      .filter((_, i) => i % 2 === 1)
      .map(
        (p) =>
          `t ${p.t.toFixed(2)} P ${p.precision.toFixed(2)} R ${p.recall.toFixed(2)} absent refused ${p.absentRefused.toFixed(2)}`,
      )
      .join("; ")}`,
  );
  console.log(
    `  threshold: best F1 refusing ≥ 95% of absent topics → ${chosen.toFixed(2)}${refit ? "" : `; shipped ANSWER_THRESHOLD ${ANSWER_THRESHOLD}`}`,
  );
  return { reranker, document, confidence, threshold };
}
