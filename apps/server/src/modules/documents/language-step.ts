import { detectLanguage } from "../../ingest";
import type { PipelineStep } from "./pipeline-step";
import { setVersionLanguage, versionTextStart } from "./version-repository";

/** The start of a text tells its language; reading more only costs the event loop. */
const SAMPLE_CHARS = 20_000;

/**
 * Pipeline step, after OCR and before the search index: the version's language, detected from its
 * text, is stored with it (shown on the document; the index stems the passages with it). A
 * repeated job detects the same language again, so the step is idempotent.
 */
export const languageStep: PipelineStep = {
  name: "language",
  async run(ctx, target) {
    const start = await versionTextStart(ctx.db, target.documentId, target.version, SAMPLE_CHARS);
    if (start === null) return;
    await setVersionLanguage(ctx.db, target.documentId, target.version, detectLanguage(start));
  },
};
