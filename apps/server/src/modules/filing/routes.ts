import {
  confirmFilingBodySchema,
  documentSchema,
  idParamsSchema,
  uploadAnalysisSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { RATE_LIMITS } from "../../plugins/rate-limit";
import { loadedDocument } from "../../policies/guard";
import { sendDocument } from "../documents/document-reply";
import { presentVisible } from "../documents/read";
import { receiveUpload } from "../documents/upload";
import { analyseUpload } from "./analyse";
import { confirmFiling } from "./service";

/** Filing: an upload read before it is stored, and confirming where Quire filed one (under /documents). */
export async function filingRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The upload form asks this on selection, so its suggestion comes before anything is committed.
  r.post(
    "/upload/analyse",
    {
      config: { allow: "document.create", rateLimit: RATE_LIMITS.upload },
      schema: { response: { 200: uploadAnalysisSchema } },
    },
    async (request) => analyseUpload(ctx, requireActor(request), await receiveUpload(request)),
  );

  r.post(
    "/:id/category/confirm",
    {
      config: { document: "document.update" },
      schema: { params: idParamsSchema, body: confirmFilingBodySchema, response: { 200: documentSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await confirmFiling(ctx, target, request.body ?? {});
      return sendDocument(reply, await presentVisible(ctx, target.actor, target.id));
    },
  );
}
