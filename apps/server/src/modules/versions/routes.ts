import {
  controlledCopyStamp,
  type Document,
  versionDownloadQuerySchema,
  diffParamsSchema,
  idParamsSchema,
  versionDiffSchema,
  originalQuerySchema,
  versionParamsSchema,
  versionSchema,
} from "@quire/contracts";

/** A comparison of two huge versions is read in no one's browser: at most this many rows are sent. */
const MAX_DIFF_ROWS = 5_000;
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { attachment } from "../../lib/attachment";
import { notFound } from "../../lib/errors";
import { textWork } from "../../lib/text-work";
import { requireActor } from "../../plugins/auth";
import { readableVersion } from "../../policies/access";
import { loadedDocument, type LoadedDocument } from "../../policies/guard";
import { presentVersion } from "../documents/presenter";
import { approvedVersions, findVersion, listVersions } from "../documents/version-repository";
import { findThumbnailSubject } from "../documents/thumbnail-repository";
import { MEDIA_TYPES, THUMBNAIL_MEDIA_TYPE } from "../../ingest";
import { READ_ACTIONS, recordRead } from "../activity/reads";
import { readAll } from "../../db/read-all";
import { presentLoaded } from "../documents/read";
import { isWordFile, wordFilename, wordRendition } from "../documents/word-rendition";

/** The controlled-copy line of a version's export, when it is the effective version (ai/routes.ts likewise). */
function controlledCopy(doc: Document, version: number): string | null {
  const { effectiveVersion, periodicReview } = doc.control;
  if (effectiveVersion !== version || !periodicReview.effectiveOn) return null;
  return controlledCopyStamp(version, periodicReview.effectiveOn);
}

/**
 * One version the reader may read: a revision in draft or review past the effective version is
 * answered 404 to those who read the effective one, like a version that does not exist.
 */
async function readableVersionRow(ctx: AppContext, loaded: LoadedDocument, version: number) {
  const found =
    version <= readableVersion(loaded.actor, loaded.facts)
      ? await findVersion(ctx.db, loaded.id, version)
      : null;
  if (!found) throw notFound("Version");
  return found;
}

export async function versionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/:id/versions",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: z.array(versionSchema) } },
    },
    async (request) => {
      const loaded = loadedDocument(request);
      const [rows, approved] = await readAll(ctx.db, [
        () => listVersions(ctx.db, request.params.id, readableVersion(loaded.actor, loaded.facts)),
        () => approvedVersions(ctx.db, request.params.id),
      ]);
      return rows.map((row) => presentVersion(row, approved));
    },
  );

  r.get(
    "/:id/versions/:version",
    {
      config: { document: "document.read" },
      schema: { params: versionParamsSchema, response: { 200: versionSchema } },
    },
    async (request) => {
      const found = await readableVersionRow(ctx, loadedDocument(request), request.params.version);
      return presentVersion(found, await approvedVersions(ctx.db, request.params.id));
    },
  );

  // The exact bytes that were uploaded, under their original name and media type; the trail says
  // whether the app's viewer showed them or the person took a copy.
  r.get(
    "/:id/versions/:version/original",
    {
      config: { document: "document.read" },
      schema: { params: versionParamsSchema, querystring: originalQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const found = await readableVersionRow(ctx, loadedDocument(request), request.params.version);
      const bytes = await ctx.blobs.get(found.sha256);
      const read = { version: request.params.version };
      await recordRead(
        ctx,
        actor,
        {
          action:
            request.query.purpose === "view" ? READ_ACTIONS.viewedOriginal : READ_ACTIONS.downloadedOriginal,
          documentId: request.params.id,
          data: read,
        },
        request.log,
      );
      // Behind access control: a shared browser must not keep it after sign-out or a loss of access.
      return reply
        .header("content-type", found.version.mediaType)
        .header("content-disposition", attachment(found.version.originalFilename))
        .header("x-content-sha256", found.sha256)
        .header("cache-control", "private, no-store")
        .send(bytes);
    },
  );

  // The version's first page, small (documents/thumbnail-step.ts). A picture of the text is as
  // private as the text: the version's own access rule, and kept by no cache, as the original. A
  // glance at a list is no read an auditor needs, so it leaves no entry.
  r.get(
    "/:id/versions/:version/thumbnail",
    {
      config: { document: "document.read" },
      schema: { params: versionParamsSchema },
    },
    async (request, reply) => {
      const loaded = loadedDocument(request);
      const { version } = request.params;
      const subject =
        version <= readableVersion(loaded.actor, loaded.facts)
          ? await findThumbnailSubject(ctx.db, loaded.id, version)
          : null;
      if (!subject?.thumbnailSha256) throw notFound("Thumbnail");
      const bytes = await ctx.blobs.get(subject.thumbnailSha256);
      return reply
        .header("content-type", THUMBNAIL_MEDIA_TYPE)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(bytes);
    },
  );

  // A version as a Word file: its original when that is one (uploaded, or written from an edit),
  // else written from its markdown, with the controlled-copy line when it is the effective version.
  r.get(
    "/:id/versions/:version/download",
    {
      config: { document: "document.read" },
      schema: { params: versionParamsSchema, querystring: versionDownloadQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const loaded = loadedDocument(request);
      const [found, document] = await readAll(ctx.db, [
        () => readableVersionRow(ctx, loaded, request.params.version),
        () => presentLoaded(ctx, loaded),
      ]);
      const bytes = isWordFile(found.version.mediaType)
        ? await ctx.blobs.get(found.sha256)
        : await wordRendition(ctx, {
            markdown: found.version.content,
            title: document.title,
            preface: controlledCopy(document, found.version.version),
          });
      await recordRead(
        ctx,
        actor,
        {
          action: READ_ACTIONS.downloadedWord,
          documentId: loaded.id,
          data: { version: found.version.version },
        },
        request.log,
      );
      return reply
        .header("content-type", MEDIA_TYPES.docx)
        .header("content-disposition", attachment(wordFilename(document.title)))
        .header("cache-control", "private, no-store")
        .send(bytes);
    },
  );

  r.get(
    "/:id/diff/:from/:to",
    {
      config: { feature: "versionDiff", document: "document.read" },
      schema: { params: diffParamsSchema, response: { 200: versionDiffSchema } },
    },
    async (request) => {
      const { from, to } = request.params;
      const loaded = loadedDocument(request);
      const [older, newer] = await readAll(ctx.db, [
        () => readableVersionRow(ctx, loaded, from),
        () => readableVersionRow(ctx, loaded, to),
      ]);
      return {
        from,
        to,
        ...(await textWork(ctx, {
          kind: "diff",
          older: older.version.content,
          newer: newer.version.content,
          maxRows: MAX_DIFF_ROWS,
        })),
      };
    },
  );
}
