import type { AppContext } from "../../context";
import type { OcrAnchor } from "./upload";

/**
 * The shape of one processing step, on its own so that a module contributing a step (the search
 * index) depends on this contract and not on the pipeline that imports it back.
 */
export interface PipelineTarget {
  documentId: string;
  version: number;
  /** Scanned pages of this version and where their text goes (absent for text-only files). */
  ocr?: { ocrAnchors: OcrAnchor[]; ocrBase: string };
  /** Why a step left part of the version out (a scanned page OCR refused), shown on the document. */
  refusal?: string;
}

/**
 * One step of a document's processing. Steps are idempotent: a job interrupted by a crash runs
 * again from the start, and each step notices what is already done.
 */
export interface PipelineStep {
  name: string;
  run(ctx: AppContext, target: PipelineTarget): Promise<void>;
}
