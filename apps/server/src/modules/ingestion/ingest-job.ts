import { readFile } from "node:fs/promises";
import path from "node:path";
import { hasAcceptedExtension } from "@quire/contracts";
import { z } from "zod";
import type { AppContext } from "../../context";
import { UNSUPPORTED_FILE_TYPE_MESSAGE } from "../../ingest";
import { defineJob } from "../../jobs/define";
import { HttpError } from "../../lib/errors";
import { sha256Hex } from "../documents/store-version";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  titleFromFilename,
  validateFile,
  type ValidatedFile,
} from "../documents/upload";
import { absolutePath, moveTaken, statFile } from "./folder-files";
import { fileToDocument, markChanged, markFailed, recordMoved } from "./commands";
import { findItem, type IngestionItemRow } from "./repository";

/**
 * Takes one claimed folder file into the archive. Every step is safe to repeat, so a process killed
 * anywhere in it (the job is then run again) neither loses the file nor makes two documents: the
 * outcome and where the file goes are committed first, with the document when there is one, and
 * the move comes after (a move already made is not made again).
 */
export const ingestFileJob = defineJob({
  kind: "ingest-file",
  payload: z.object({ itemId: z.string().min(1) }),
  // A file whose conversion kills the process this often fails with the kill limit's reason.
  maxAttempts: 5,
  async run(ctx, { itemId }) {
    const item = await findItem(ctx.db, itemId);
    if (!item) return;
    if (item.state === "queued") await take(ctx, item);
    await finishMove(ctx, itemId);
  },
  async onFinalFailure(ctx, { itemId }, error) {
    const item = await findItem(ctx.db, itemId);
    if (item?.state !== "queued") return;
    await markFailed(ctx, item, `Ingestion failed: ${error}`);
    await finishMove(ctx, itemId);
  },
});

function folderOf(ctx: AppContext): string {
  const consume = ctx.config.consume;
  if (!consume) throw new Error("CONSUME_DIR is not set in this process");
  return consume.dir;
}

/** Why a file cannot become a document, as the upload would answer it. */
function refusal(error: unknown): string | null {
  if (error instanceof HttpError) return `${error.statusCode} ${error.message}`;
  return null;
}

async function take(ctx: AppContext, item: IngestionItemRow): Promise<void> {
  const root = folderOf(ctx);
  const location = item.location ?? item.path ?? "";
  const seen = await statFile(root, location);
  if (!seen) return markFailed(ctx, item, "The file was removed before it was read", { moved: false });
  if (seen.size > MAX_UPLOAD_BYTES) return markFailed(ctx, item, `413 ${FILE_TOO_LARGE_MESSAGE}`);
  const filename = path.posix.basename(location);
  if (!hasAcceptedExtension(filename)) return markFailed(ctx, item, `415 ${UNSUPPORTED_FILE_TYPE_MESSAGE}`);
  const bytes = await readFile(absolutePath(root, location));
  if (sha256Hex(bytes) !== item.sha256) return markChanged(ctx, item);
  let file: ValidatedFile;
  try {
    file = await validateFile(ctx.converter, bytes, filename);
  } catch (error) {
    const reason = refusal(error);
    if (reason === null) throw error;
    return markFailed(ctx, item, reason);
  }
  await fileToDocument(ctx, item, { file, title: file.title || titleFromFilename(filename) });
}

/** Moves the file where its outcome says, then records where it now is. */
async function finishMove(ctx: AppContext, itemId: string): Promise<void> {
  const item = await findItem(ctx.db, itemId);
  if (!item?.destination || !item.location || item.location === item.destination) return;
  const root = folderOf(ctx);
  const note = item.state === "done" ? null : item.reason;
  await moveTaken(root, item.location, item.destination, note);
  await recordMoved(ctx, item.id, item.destination);
}
