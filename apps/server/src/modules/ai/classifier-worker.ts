import { documentVector, trainCategoryModel, type CategoryModel, type LabelledText } from "@quire/textkit";

export interface TrainRequest {
  examples: Array<LabelledText & { id: string }>;
}

export interface TrainResponse {
  model: CategoryModel;
  vectors: Array<[string, Map<string, number>]>;
}

/** Runs in a worker thread: training (up to 10 folds) would hold the event loop for seconds. */
export default function train(request: TrainRequest): TrainResponse {
  // Every term is a feature: a small archive's rare words are often its most telling ones.
  const model = trainCategoryModel(request.examples, { minDocuments: 1 });
  return {
    model,
    vectors: request.examples.map((e) => [e.id, documentVector(model.model, e.text)]),
  };
}
