import {
  acknowledgeInputSchema,
  acknowledgeResultSchema,
  acknowledgementReportSchema,
  acknowledgementStateSchema,
  idParamsSchema,
  startAcknowledgementSchema,
  toAcknowledgeListSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { attachment } from "../../lib/attachment";
import { requireActor } from "../../plugins/auth";
import { loadedDocument } from "../../policies/guard";
import { acknowledgementCsv, csvFileName } from "./export";
import { documentHeadline } from "./repository";
import {
  acknowledge,
  acknowledgementReport,
  acknowledgementState,
  startCampaign,
  toAcknowledge,
} from "./service";

/**
 * Read-and-acknowledge: a document's campaign as its reader sees it, starting one, confirming,
 * the owner's report and its CSV, and each person's list of what waits on them.
 */
export async function acknowledgementRoutes(
  app: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/documents/:id/acknowledgement",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: acknowledgementStateSchema } },
    },
    async (request) => acknowledgementState(ctx, loadedDocument(request)),
  );

  r.post(
    "/documents/:id/acknowledgement",
    {
      config: { document: "document.startAcknowledgement" },
      schema: {
        params: idParamsSchema,
        body: startAcknowledgementSchema,
        response: { 201: acknowledgementStateSchema },
      },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await startCampaign(ctx, target, request.body);
      return reply.code(201).send(await acknowledgementState(ctx, target));
    },
  );

  r.post(
    "/documents/:id/acknowledgement/acknowledge",
    {
      config: { document: "document.acknowledge" },
      schema: {
        params: idParamsSchema,
        body: acknowledgeInputSchema,
        response: { 200: acknowledgeResultSchema, 201: acknowledgeResultSchema },
      },
    },
    async (request, reply) => {
      const result = await acknowledge(ctx, loadedDocument(request), request.body.version);
      return reply.code(result.alreadyAcknowledged ? 200 : 201).send(result);
    },
  );

  r.get(
    "/documents/:id/acknowledgement/report",
    {
      config: { document: "document.readAcknowledgements" },
      schema: { params: idParamsSchema, response: { 200: acknowledgementReportSchema } },
    },
    async (request) => acknowledgementReport(ctx, loadedDocument(request)),
  );

  r.get(
    "/documents/:id/acknowledgement/report.csv",
    { config: { document: "document.exportAcknowledgements" }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const target = loadedDocument(request);
      const report = await acknowledgementReport(ctx, target);
      const title = (await documentHeadline(ctx.db, target.id))?.title ?? "";
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", attachment(csvFileName(title, report.campaign.version)))
        .send(acknowledgementCsv(title, report));
    },
  );

  r.get(
    "/acknowledgements/mine",
    { config: { allow: "acknowledgement.list" }, schema: { response: { 200: toAcknowledgeListSchema } } },
    async (request) => toAcknowledge(ctx, requireActor(request)),
  );
}
