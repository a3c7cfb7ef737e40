import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { defineJob } from "../../jobs/define";
import { MEDIA_TYPES, THUMBNAIL_TEXT_CHARS, type ThumbnailSource } from "../../ingest";
import type { PipelineStep, PipelineTarget } from "./pipeline-step";
import { versionTextStart } from "./version-repository";
import { findThumbnailSubject, recordThumbnail, versionsWithoutThumbnail } from "./thumbnail-repository";

/**
 * A PDF's first page; for every other kind the start of the converted text, drawn as a page
 * (ingest/thumbnail.ts says why), or null when there is no text (a file whose conversion was
 * refused): a blank page would say less than the list's placeholder.
 */
async function sourceOf(
  ctx: AppContext,
  target: PipelineTarget,
  subject: { blobSha256: string; mediaType: string },
): Promise<ThumbnailSource | null> {
  if (subject.mediaType === MEDIA_TYPES.pdf) return { pdf: await ctx.blobs.get(subject.blobSha256) };
  const text = await versionTextStart(ctx.db, target.documentId, target.version, THUMBNAIL_TEXT_CHARS);
  return text?.trim() ? { text } : null;
}

/**
 * Each version's first page, small (a WebP THUMBNAIL_WIDTH wide), drawn in the conversion worker
 * threads under their limits and kept as a blob, for lists, search results and the document's
 * header. A thumbnail is a convenience: whatever keeps it from being drawn or kept (a page too
 * large to decode, a refusal, a store that failed) is logged and the version simply has none,
 * so processing never fails for it.
 */
export const thumbnailStep: PipelineStep = {
  name: "thumbnail",
  async run(ctx, target) {
    const subject = await findThumbnailSubject(ctx.db, target.documentId, target.version);
    if (!subject || subject.thumbnailSha256) return;
    try {
      const source = await sourceOf(ctx, target, subject);
      if (!source) return;
      const image = await ctx.converter.thumbnail(source);
      const sha256 = await ctx.blobs.put(image);
      await recordThumbnail(ctx.db, subject.id, { sha256, size: image.byteLength }, ctx.clock.now());
    } catch (error) {
      ctx.log.warn(
        { err: error, documentId: target.documentId, version: target.version },
        "no thumbnail for this version",
      );
    }
  },
};

const THUMBNAIL_JOB = "documents.thumbnail";

/** One version's thumbnail on its own, for versions processed before thumbnails were drawn. */
export const thumbnailJob = defineJob({
  kind: THUMBNAIL_JOB,
  payload: z.object({ documentId: z.string().min(1), version: z.number().int().positive() }),
  run: (ctx, payload) => thumbnailStep.run(ctx, payload),
});

/** Queues a thumbnail for each version documents show that has none; answers how many. */
export async function enqueueMissingThumbnails(db: Database, now: Date): Promise<number> {
  const missing = await versionsWithoutThumbnail(db);
  for (const { documentId, version } of missing) {
    await thumbnailJob.enqueue(
      db,
      { documentId, version },
      { runAt: now, dedupeKey: `${THUMBNAIL_JOB}:${documentId}:${version}` },
    );
  }
  return missing.length;
}
