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
import { presentVersion } from "../documents/presenter";
import { findVersion, listVersions } from "../documents/repository";
import { READ_ACTIONS, recordRead } from "../activity/reads";
import { readAll } from "../../db/read-all";

export async function versionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/:id/versions",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: z.array(versionSchema) } },
    },
    async (request) => {
      return (await listVersions(ctx.db, request.params.id)).map(presentVersion);
    },
  );

  r.get(
    "/:id/versions/:version",
    {
      config: { document: "document.read" },
      schema: { params: versionParamsSchema, response: { 200: versionSchema } },
    },
    async (request) => {
      const found = await findVersion(ctx.db, request.params.id, request.params.version);
      if (!found) throw notFound("Version");
      return presentVersion(found);
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
      const found = await findVersion(ctx.db, request.params.id, request.params.version);
      if (!found) throw notFound("Version");
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
      const { id, from, to } = request.params;
      const [older, newer] = await readAll(ctx.db, [
        () => findVersion(ctx.db, id, from),
        () => findVersion(ctx.db, id, to),
      ]);
      if (!older || !newer) throw notFound("Version");
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
