import {
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
import { approvedVersions, findVersion, listVersions } from "../documents/repository";
import { READ_ACTIONS, recordRead } from "../activity/reads";
import { readAll } from "../../db/read-all";

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
