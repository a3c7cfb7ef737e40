import type { PipelineStep } from "../documents/pipeline-step";
import { refileFromProcessedText } from "./service";

/** Filing without a category, again once processing has the whole text (service.ts). */
export const autoFileStep: PipelineStep = {
  name: "auto-file",
  run: refileFromProcessedText,
};
