/**
 * What the assistant learns from the FIT half, as functions of the fit questions' retrievals: the
 * passage re-ranker (logistic regression over textkit's RERANK_FEATURES), the document model
 * (conditional logit over DOCUMENT_FEATURES), the confidence (Platt scaling of the best
 * document's evidence) and the abstention threshold (from the precision-recall curve). Kept apart
 * from the bench's run so cross-validation (ai-ask-cv.ts) can refit them on any subset.
 */
import {
  documentFeatureVector,
  featureVector,
  fitDocumentModel,
  fitLogistic,
  logisticProbability,
  type DocumentModel,
  type RerankModel,
} from "@quire/textkit";
import { confidenceOf, evidenceOf, type AnswerEvidence } from "../../apps/server/src/modules/ai/ask.js";
import type { ConfidenceModel } from "../../apps/server/src/modules/ai/ask-model.js";
import { rankDocuments, type Retrieval } from "../../apps/server/src/modules/ai/retrieve.js";
import type { AiAnswer } from "@quire/contracts";

export interface FitCase {
  retrieval: Retrieval;
  /** The answering document's title; null for an absent topic. */
  document: string | null;
  expected: string | null;
}

/** The same retrieval under other models (nothing is read again): what fitting compares models on. */
export function rescored(retrieval: Retrieval, model: RerankModel, documentModel: DocumentModel): Retrieval {
  const ranked = retrieval.ranked
    .map((p) => ({ ...p, probability: logisticProbability(model, featureVector(p.features)) }))
    .sort((a, b) => b.probability - a.probability);
  const known = new Map(retrieval.documents.map((d) => [d.documentId, d.features]));
  const documents = rankDocuments(ranked, (p) => known.get(p.documentId)!, documentModel);
  return { ...retrieval, ranked, documents };
}

const normalise = (s: string) => s.replace(/\s+/g, " ").toLowerCase();

/** Whether a document's text holds a fact, by title: the archive's texts read once. */
export type HoldsFact = (title: string, expected: string) => boolean;

export function textsHoldFact(texts: ReadonlyArray<{ title: string; markdown: string }>): HoldsFact {
  const byTitle = new Map(texts.map((d) => [d.title, normalise(d.markdown)]));
  return (title, expected) => byTitle.get(title)?.includes(normalise(expected)) ?? false;
}

/**
 * Whether an answer quoting two or more documents quotes one that is not the asked one and does
 * not answer: `holds` is false for it (its text does not hold the expected fact), or, without
 * `holds`, the sentences quoted from it do not. (A one-document answer from the wrong document is
 * a miss, not a mix.)
 */
export function quotesNonAnswering(
  answer: AiAnswer,
  document: string,
  expected: string,
  holds?: HoldsFact,
): boolean {
  const titles = new Set(answer.citations.map((c) => c.title));
  if (titles.size < 2) return false;
  const quoted = (title: string) =>
    answer.citations
      .filter((c) => c.title === title)
      .some((c) => normalise(c.quote).includes(normalise(expected)));
  return [...titles].some((title) => title !== document && !(holds ? holds(title, expected) : quoted(title)));
}

export function fitDocuments(cases: FitCase[], l2 = 0.01): DocumentModel {
  return fitDocumentModel(
    cases
      .filter((c) => c.document !== null)
      .map((c) =>
        c.retrieval.documents.map((d) => ({
          x: documentFeatureVector(d.features),
          right: d.best.title === c.document,
        })),
      ),
    { l2 },
  );
}

export function fitReranker(cases: FitCase[], l2 = 0.001): RerankModel {
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
  return fitLogistic(rows, { l2, epochs: 1500, learningRate: 0.5 });
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

const EVIDENCE_FEATURES = (e: AnswerEvidence) => [
  e.score,
  e.lead,
  e.coverage,
  e.titleNamed,
  e.passage,
  e.unknown,
];
const CONFIDENCE_FIT = { l2: 0.001, epochs: 3000, learningRate: 0.1, balance: false };

/**
 * Platt scaling in two stages: the retrieval evidence's six weights (kept from `base` when given,
 * else fitted), then a recalibration of their logit together with the answer's kind. Fitting all
 * seven at once on the fit half's 125 answers turned the lead's and coverage's weights around and
 * refused a plain question whose document led by the most there is (ai-meaning.test.ts); out of
 * fold, the two stages over the shipped six separated right from wrong better (AUC among given
 * answers about 0.78 against 0.69).
 */
export function fitConfidence(scored: Scored[], base?: ConfidenceModel): ConfidenceModel {
  const answered = scored.flatMap(({ evidence, right }) =>
    evidence ? [{ evidence, y: right ? 1 : 0 }] : [],
  );
  const first =
    base ??
    fitLogistic(
      answered.map((a) => ({ x: EVIDENCE_FEATURES(a.evidence), y: a.y })),
      CONFIDENCE_FIT,
    );
  const six = first.weights.slice(0, 6);
  const logit = (e: AnswerEvidence) =>
    EVIDENCE_FEATURES(e).reduce((sum, v, i) => sum + v * six[i]!, first.bias);
  const second = fitLogistic(
    answered.map((a) => ({ x: [logit(a.evidence), a.evidence.kind], y: a.y })),
    CONFIDENCE_FIT,
  );
  const [scale = 1, kind = 0] = second.weights;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = six.map((w) => w * scale);
  return { bias: second.bias + scale * first.bias, weights: [a, b, c, d, e, f, kind] };
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

export interface AskModels {
  reranker: RerankModel;
  document: DocumentModel;
  confidence: ConfidenceModel;
  threshold: number;
}

/**
 * Where a half's answerable questions lose the right document, as counts only (no question is
 * printed, so the check half can be reported this way without being read): whether retrieval
 * found it among the candidates, search put it first, and the document model put it first or in
 * its top 3 (before any refusal).
 */
export function retrievalStages(cases: FitCase[]): string {
  const answerable = cases.filter((c) => c.document !== null);
  const count = (has: (c: FitCase) => boolean) => answerable.filter(has).length;
  const inCandidates = count((c) => c.retrieval.ranked.some((p) => p.title === c.document));
  const searchFirst = count(
    (c) => c.retrieval.ranked.find((p) => p.features.documentRank === 1)?.title === c.document,
  );
  const modelRank = (c: FitCase) => c.retrieval.documents.findIndex((d) => d.best.title === c.document);
  const first = count((c) => modelRank(c) === 0);
  const top3 = count((c) => modelRank(c) >= 0 && modelRank(c) < 3);
  return `right document among the candidates ${inCandidates}/${answerable.length}, first in search's order ${searchFirst}, first by the document model ${first}, in its top 3 ${top3}`;
}
