import { PassThrough } from "node:stream";
import { bulkDownloadRequestSchema, bulkRequestSchema, bulkResultSchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { attachment } from "../../lib/attachment";
import { requireActor } from "../../plugins/auth";
import { planZip, writeZip } from "./download";
import { runBulkAction } from "./service";

/** Response headers of a bulk download: how many originals it holds and how many were left out. */
export const BULK_INCLUDED_HEADER = "x-quire-bulk-included";
export const BULK_REFUSED_HEADER = "x-quire-bulk-refused";

/**
 * All Documents' bulk actions (under /api/documents). Each document is checked and changed on its
 * own by the same rules and commands as its single-document route (service.ts).
 */
export async function bulkRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/bulk",
    {
      config: { allow: "document.bulkEdit" },
      schema: { body: bulkRequestSchema, response: { 200: bulkResultSchema } },
    },
    async (request) => runBulkAction(ctx, requireActor(request), request.body, request.log),
  );

  // A zip of the originals the caller may read; each one in it is that person's "Downloaded original".
  r.post(
    "/bulk/download",
    { config: { allow: "document.list" }, schema: { body: bulkDownloadRequestSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const plan = await planZip(ctx, actor, request.body);
      const stamp = ctx.clock.now().toISOString().slice(0, 19).replace(/[:T]/g, "-");
      const body = new PassThrough();
      const hangUp = new AbortController();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) hangUp.abort();
      });
      writeZip(ctx, actor, plan.entries, body, hangUp.signal, request.log).catch((error: unknown) => {
        if (hangUp.signal.aborted) return;
        request.log.error({ err: error }, "bulk download failed");
        // A cut-off zip has no central directory: the client sees a broken download, never a short one.
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", attachment(`quire-documents-${stamp}.zip`))
        .header("cache-control", "private, no-store")
        .header(BULK_INCLUDED_HEADER, String(plan.entries.length))
        .header(BULK_REFUSED_HEADER, String(plan.refused))
        .send(body);
    },
  );
}
