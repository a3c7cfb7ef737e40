import { titleFromFilename, type UploadAnalysis } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { categorizeText } from "../ai/classifier";
import { findIdenticalOriginal } from "../documents/read";
import { acceptedType, validateFile, withoutOcrPlaceholders, type ReceivedUpload } from "../documents/upload";
import { confidentCategory } from "./choose";

/** The classifier's input is bounded (categorizeBodySchema's limit). */
const MAX_ANALYSED_CHARS = 200_000;

/**
 * What uploading this file would do, with nothing stored: the same checks and conversion as the
 * upload (validateFile, in the bounded conversion pool; a refusal answers the same status and
 * message), then the title the upload would give it, the category it suggests among those the
 * caller may see, where it would be filed without a category, and the visible document it
 * duplicates. No blob, no row, no activity entry. Without the job runner in this process, the
 * file is not converted: its type is checked and the title and suggestion come from its name.
 */
export async function analyseUpload(
  ctx: AppContext,
  actor: Actor,
  upload: ReceivedUpload,
): Promise<UploadAnalysis> {
  // An API process that leaves converting to workers (WORKER=false) checks the type and reads the
  // title from the file name only: no file is converted where requests are answered.
  const file = ctx.config.runWorker
    ? await validateFile(ctx.converter, upload.bytes, upload.filename)
    : { ...(await acceptedType(upload.bytes, upload.filename)), title: null, markdown: "" };
  const title = (file.title || titleFromFilename(upload.filename)).slice(0, 300);
  const content = withoutOcrPlaceholders(file.markdown).content.slice(0, MAX_ANALYSED_CHARS);
  const suggestion = await categorizeText(ctx, actor, { title, content });
  const fileIn = await confidentCategory(ctx, actor, { title, content });
  const duplicate = await findIdenticalOriginal(ctx, actor, upload.bytes);
  return {
    title,
    mediaType: file.mediaType,
    suggestion,
    fileIn,
    duplicate: duplicate ? { id: duplicate.id, title: duplicate.title } : null,
  };
}
