import {
  predictNaiveBayes,
  trainNaiveBayes,
  type LabelledText,
  type NaiveBayesModel,
  type Prediction,
  type PredictOptions,
} from "./classify";
import { predictLogistic, trainLogistic, type LogisticModel, type LogisticOptions } from "./logistic";

/** The archive's classifier: whichever model classified its own documents better when held out. */
export type CategoryModel =
  | { kind: "logistic"; model: LogisticModel; heldOutAccuracy: Record<string, number> | null }
  | { kind: "naive-bayes"; model: NaiveBayesModel; heldOutAccuracy: Record<string, number> };

/** Up to this many documents both models are scored held-out and the better kept; above, logistic. */
const COMPARE_UP_TO = 300;

/**
 * Trains logistic regression and, on a small archive (where naive Bayes is known to win: Ng and
 * Jordan, 2002), also naive Bayes, keeping the one more accurate on held-out documents (naive
 * Bayes leave-one-out, logistic regression by its up-to-10-fold models). Ties go to naive Bayes.
 */
export function trainCategoryModel(
  examples: readonly LabelledText[],
  options: LogisticOptions = {},
): CategoryModel {
  const folds = Math.max(2, Math.min(10, examples.length));
  const logistic = trainLogistic(examples, { folds, ...options });
  if (examples.length > COMPARE_UP_TO || examples.length < 2)
    return { kind: "logistic", model: logistic, heldOutAccuracy: null };
  const bayes = trainNaiveBayes(examples);
  const share = (predict: (e: LabelledText) => string) =>
    examples.filter((e) => predict(e) === e.label).length / examples.length;
  const heldOutAccuracy = {
    logistic: share((e) => predictLogistic(logistic, e.text, { leaveOut: e }).label),
    naiveBayes: share((e) => predictNaiveBayes(bayes, e.text, { leaveOut: e }).label),
  };
  return heldOutAccuracy.logistic > heldOutAccuracy.naiveBayes
    ? { kind: "logistic", model: logistic, heldOutAccuracy }
    : { kind: "naive-bayes", model: bayes, heldOutAccuracy };
}

export function predictCategory(
  model: CategoryModel,
  text: string,
  options: PredictOptions = {},
): Prediction {
  return model.kind === "logistic"
    ? predictLogistic(model.model, text, options)
    : predictNaiveBayes(model.model, text, options);
}
