import {
  auditPageSchema,
  activityQuerySchema,
  documentActivityQuerySchema,
  idParamsSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { attachment } from "../../lib/attachment";
import { loadedDocument } from "../../policies/guard";
import { exportActivityCsv, listActivity, listDocumentActivity } from "./service";

/** The audit trail (Admin): every change with who, when and from where; filterable, exportable. */
export async function activityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/activity",
    {
      config: { allow: "activity.read" },
      schema: { querystring: activityQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request) => listActivity(ctx, request.query),
  );

  r.get(
    "/activity.csv",
    { config: { allow: "activity.read" }, schema: { querystring: activityQuerySchema } },
    async (request, reply) => {
      const stream = exportActivityCsv(ctx, request.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", attachment(`quire-activity-${day}.csv`))
        .send(stream);
    },
  );

  r.get(
    "/documents/:id/activity",
    {
      config: { document: "document.readHistory" },
      schema: {
        params: idParamsSchema,
        querystring: documentActivityQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listDocumentActivity(ctx, loadedDocument(request), request.query),
  );
}
