import type { AppContext } from "../../context";
import { MEDIA_TYPES } from "../../ingest";
import { textWork } from "../../lib/text-work";
import { safeFilename } from "./upload";

/** Whether a version's original is a Word file (DOCX): an edit of it is saved as one too. */
export function isWordFile(mediaType: string): boolean {
  return mediaType.split(";")[0]?.trim().toLowerCase() === MEDIA_TYPES.docx;
}

/** A Word file named from the document's title: characters a file system refuses become "_". */
export function wordFilename(title: string): string {
  return safeFilename(`${title.replace(/[\\/:*?<>|]+/g, "_").trim() || "document"}.docx`);
}

/**
 * The DOCX of a version's markdown, titled `title`: off the event loop when the text is long
 * (text-work.ts), since writing a long one takes seconds.
 */
export async function wordRendition(
  ctx: AppContext,
  input: { markdown: string; title: string; preface?: string | null },
): Promise<Buffer> {
  const bytes = await textWork(ctx, { kind: "docx", input });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
