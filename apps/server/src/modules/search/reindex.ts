import type { AppContext } from "../../context";
import { allDocumentIds } from "../documents/repository";
import { indexDocument, refitModel } from "./indexer";
import { countPassages } from "./repository";

export interface ReindexSummary {
  documents: number;
  passages: number;
  /** Dimensions of the refitted LSA model, or null when the archive has too little text. */
  modelDims: number | null;
  seconds: number;
}

/**
 * Rebuilds the whole search index: every document's passages from its current version (archived
 * ones are removed), then the LSA model is refitted on the result and every passage re-embedded.
 */
export async function reindexAll(
  ctx: AppContext,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReindexSummary> {
  const started = performance.now();
  const ids = await allDocumentIds(ctx.db);
  for (const [index, id] of ids.entries()) {
    await indexDocument(ctx, id, { scheduleRefit: false });
    onProgress(index + 1, ids.length);
  }
  const model = await refitModel(ctx);
  return {
    documents: ids.length,
    passages: await countPassages(ctx.db),
    modelDims: model?.model.dims ?? null,
    seconds: (performance.now() - started) / 1000,
  };
}
