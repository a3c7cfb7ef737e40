import type { DocumentModel, RerankModel } from "@quire/textkit";

/**
 * The assistant's learned parameters, all fitted on the FIT half of bench/data/ask-eval.json
 * (`BENCH_AI_FIT=all|confidence npm run bench -- ai`); the check half is never used to tune.
 * - RERANK_MODEL: logistic regression over textkit's RERANK_FEATURES (in that order), trained on
 *   every candidate passage of the fit questions, labelled 1 when the passage belongs to the
 *   answering document and holds the expected fact. Of two fitted models, the one putting the
 *   right document first more often on the fit half (58 vs 55 of 90) is shipped; it predates the
 *   documentCoverage feature, hence its weight 0.
 * - DOCUMENT_MODEL: conditional logit over textkit's DOCUMENT_FEATURES (in that order), a softmax
 *   over each fit question's candidate documents, maximising the right document's likelihood.
 * - CONFIDENCE: Platt scaling (logistic regression) of the best document's score, its lead over
 *   the next candidate, its coverage of the asked words, how much of its title the question names,
 *   its best passage's logit, the share of asked words the archive never uses and whether the
 *   sentences it would quote give the kind of answer asked for (a number, an option), labelled 1
 *   when that document is the right one. The last was added with a recalibration
 *   of the earlier six weights' logit (bench's fitConfidence explains the two stages); out of fold
 *   on the fit half (5 folds, 6 seeds) the AUC among all questions went from 0.90 to 0.93 and among
 *   given answers from 0.62 to 0.78. How well the quoted sentences match the question added nothing.
 * - ANSWER_THRESHOLD: below it the assistant says the archive does not hold the answer; the best
 *   F1 on the fit half's precision-recall curve among thresholds refusing ≥ 95% of absent topics.
 */
export const RERANK_MODEL: RerankModel = {
  bias: -4.314,
  weights: [2.111, 2.564, 1.621, 0.732, 1.397, 0.325, 3.189, -0.028, -0.526, 1.051, 1.32, 4.146, 0],
};

export const DOCUMENT_MODEL: DocumentModel = { weights: [1.196, 2.838, 1.861, 0.717, 0.313, 0.112] };

export interface ConfidenceModel {
  bias: number;
  /**
   * Weights of [document score, its lead over the next, its coverage, title named, best passage
   * logit, share of asked words the archive never uses, the quoted sentences give the kind asked].
   */
  weights: [number, number, number, number, number, number, number];
}

export const CONFIDENCE: ConfidenceModel = {
  bias: -3.464,
  weights: [1.571, 0.636, 0.614, -1.244, -1.743, -2.84, 1.501],
};

/**
 * Fit half, 90 answerable and 37 absent: t 0.30 gives precision 0.86, recall 0.81, absent refused
 * 0.97 (0.40: 0.86, 0.79, 0.97; the rule's choice moves between these two as the evidence moves).
 */
export const ANSWER_THRESHOLD = 0.3;
