/**
 * Learning on the FIT half only: the passage re-ranker (logistic regression over textkit's
 * RERANK_FEATURES), the document model (conditional logit over DOCUMENT_FEATURES), the confidence
 * (Platt scaling of the best document's evidence) and the abstention threshold (from the
 * precision-recall curve). `BENCH_AI_FIT=all|document|confidence` prints new values to paste into
 * apps/server/src/modules/ai/ask-model.ts; every run prints the curve and the shipped threshold.
 */
import {
  documentFeatureVector,
  featureVector,
  fitDocumentModel,
  fitLogistic,
  type DocumentModel,
  type RerankModel,
} from "@quire/textkit";
import { confidenceOf, evidenceOf, type AnswerEvidence } from "../../apps/server/src/modules/ai/ask.js";
import {
  ANSWER_THRESHOLD,
  CONFIDENCE,
  DOCUMENT_MODEL,
  RERANK_MODEL,
  type ConfidenceModel,
} from "../../apps/server/src/modules/ai/ask-model.js";
import { rescored, retrieve, type Retrieval } from "../../apps/server/src/modules/ai/retrieve.js";
import type { EvalSet } from "./ai-ask-archive.js";
import type { LoadedArchive } from "./ai-ask-archive.js";

export interface FitCase {
  retrieval: Retrieval;
  /** The answering document's title; null for an absent topic. */
  document: string | null;
  expected: string | null;
}

const normalise = (s: string) => s.replace(/\s+/g, " ").toLowerCase();

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

function fitDocuments(cases: FitCase[]): DocumentModel {
  return fitDocumentModel(
    cases
      .filter((c) => c.document !== null)
      .map((c) =>
        c.retrieval.documents.map((d) => ({
          x: documentFeatureVector(d.features),
          right: d.best.title === c.document,
        })),
      ),
  );
}

function fitReranker(cases: FitCase[]): RerankModel {
  const rows: Array<{ x: number[]; y: number }> = [];
  for (const c of cases) {
    for (const p of c.retrieval.ranked) {
      const y =
        c.document !== null &&
        p.title === c.document &&
        normalise(p.text).includes(normalise(c.expected ?? ""))
          ? 1
          : 0;
      rows.push({ x: featureVector(p.features), y });
    }
  }
  return fitLogistic(rows, { l2: 0.001, epochs: 1500, learningRate: 0.5 });
}

interface Scored {
  evidence: AnswerEvidence | null;
  right: boolean;
  answerable: boolean;
}

export function scoredCases(cases: FitCase[]): Scored[] {
  return cases.map((c) => {
    const top = c.retrieval.documents[0];
    return {
      evidence: evidenceOf(c.retrieval),
      right: !!top && top.best.title === c.document,
      answerable: c.document !== null,
    };
  });
}

export function fitConfidence(scored: Scored[]): ConfidenceModel {
  const rows = scored.flatMap(({ evidence: e, right }) =>
    e ? [{ x: [e.score, e.lead, e.coverage, e.titleNamed, e.passage, e.unknown], y: right ? 1 : 0 }] : [],
  );
  const model = fitLogistic(rows, { l2: 0.001, epochs: 3000, learningRate: 0.1, balance: false });
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = model.weights;
  return { bias: model.bias, weights: [a, b, c, d, e, f] };
}

/** Precision and recall of answering at each threshold: right answers among given, and among answerable. */
export function prCurve(
  scored: Scored[],
  model: ConfidenceModel,
): Array<{ t: number; precision: number; recall: number; absentRefused: number }> {
  const points = [];
  const answerable = scored.filter((s) => s.answerable).length;
  const absent = scored.length - answerable;
  for (let t = 0.05; t < 0.951; t += 0.05) {
    const given = scored.filter((s) => confidenceOf(s.evidence, model) >= t);
    const right = given.filter((s) => s.right).length;
    const absentGiven = given.filter((s) => !s.answerable).length;
    points.push({
      t: Math.round(t * 100) / 100,
      precision: given.length ? right / given.length : 1,
      recall: right / Math.max(1, answerable),
      absentRefused: 1 - absentGiven / Math.max(1, absent),
    });
  }
  return points;
}

/** The threshold with the best F1 among those refusing at least 95% of the fit half's absent topics. */
export function chooseThreshold(curve: ReturnType<typeof prCurve>): number {
  const f1 = (p: { precision: number; recall: number }) =>
    (2 * p.precision * p.recall) / Math.max(1e-9, p.precision + p.recall);
  const allowed = curve.filter((p) => p.absentRefused >= 0.95);
  const pool = allowed.length > 0 ? allowed : curve;
  return pool.reduce((best, p) => (f1(p) > f1(best) ? p : best), pool[0]!).t;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export interface AskModels {
  reranker: RerankModel;
  document: DocumentModel;
  confidence: ConfidenceModel;
  threshold: number;
}

/**
 * `refit` "all" fits the re-ranker, document model, confidence and threshold; "document" keeps the
 * shipped re-ranker; "confidence" keeps both models and fits the confidence and threshold.
 */
export type Refit = "all" | "document" | "confidence" | null;

export async function fitBench(archive: LoadedArchive, set: EvalSet, refit: Refit): Promise<AskModels> {
  const cases = await fitCases(archive, set);
  let confidence = CONFIDENCE;
  let reranker = RERANK_MODEL;
  let document = DOCUMENT_MODEL;
  let scored = scoredCases(cases);
  const answerable = cases.filter((c) => c.document !== null);
  const inCandidates = answerable.filter((c) =>
    c.retrieval.ranked.some((p) => p.title === c.document),
  ).length;
  const searchFirst = answerable.filter(
    (c) => c.retrieval.ranked.find((p) => p.features.documentRank === 1)?.title === c.document,
  ).length;
  console.log(
    `  fit half: right document among the candidates ${inCandidates}/${answerable.length}, first in search's order ${searchFirst}, first after re-ranking (shipped models) ${scored.filter((s) => s.right).length}`,
  );
  if (refit) {
    if (refit === "all") reranker = fitReranker(cases);
    let refitted = cases.map((c) => ({ ...c, retrieval: rescored(c.retrieval, reranker, document) }));
    if (refit !== "confidence") {
      document = fitDocuments(refitted);
      refitted = refitted.map((c) => ({ ...c, retrieval: rescored(c.retrieval, reranker, document) }));
    }
    scored = scoredCases(refitted);
    console.log(
      `  fit half: first after re-ranking with the models fitted now ${scored.filter((s) => s.right).length}`,
    );
    confidence = fitConfidence(scored);
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
  return { reranker, document, confidence, threshold: refit ? chosen : ANSWER_THRESHOLD };
}
