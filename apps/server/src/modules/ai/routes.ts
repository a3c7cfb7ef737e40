import { RATE_LIMITS } from "../../plugins/rate-limit";
import {
  aiAnswerSchema,
  aiSuggestionSchema,
  askBodySchema,
  applySuggestionResultSchema,
  categorizeBodySchema,
  categorizeParamsSchema,
  categorizeResultSchema,
  changeAnalysisSchema,
  diffAnalysisParamsSchema,
  idParamsSchema,
  improvementSchema,
  suggestionParamsSchema,
  summaryQuerySchema,
  summarySchema,
  controlledCopyStamp,
  type Document,
} from "@quire/contracts";
import { notFound } from "../../lib/errors";
import { readableVersion } from "../../policies/access";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { attachment } from "../../lib/attachment";
import { requireActor } from "../../plugins/auth";
import { READ_ACTIONS, recordRead } from "../activity/reads";
import { loadedDocument } from "../../policies/guard";
import { presentLoaded } from "../documents/read";
import { analyseVersions } from "./analysis";
import { ask } from "./ask";
import { withPassageOrdinals } from "./citation-anchors";
import { categorizeDocument, categorizeText } from "./classifier";
import { listImprovements } from "./improvements";
import { applySuggestion, dismissSuggestion, listSuggestions } from "./suggestions";
import { getSummary, summaryMarkdown } from "./summaries";

/** AI views of one document: summary, improvements, change analysis. Registered under /documents. */
export async function documentAiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/:id/summary",
    {
      config: { feature: "aiSummaries", document: "document.read" },
      schema: { params: idParamsSchema, querystring: summaryQuerySchema, response: { 200: summarySchema } },
    },
    async (request) =>
      getSummary(ctx, await presentLoaded(ctx, loadedDocument(request)), { version: request.query.version }),
  );

  r.post(
    "/:id/summary/refresh",
    {
      config: { feature: "aiSummaries", document: "document.read" },
      schema: { params: idParamsSchema, querystring: summaryQuerySchema, response: { 200: summarySchema } },
    },
    async (request) =>
      getSummary(ctx, await presentLoaded(ctx, loadedDocument(request)), {
        version: request.query.version,
        refresh: true,
      }),
  );

  r.get(
    "/:id/summary.md",
    {
      config: { feature: "aiSummaries", document: "document.read" },
      schema: { params: idParamsSchema, querystring: summaryQuerySchema },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const doc = await presentLoaded(ctx, loadedDocument(request));
      const summary = await getSummary(ctx, doc, { version: request.query.version });
      const read = {
        action: READ_ACTIONS.exportedSummary,
        documentId: doc.id,
        data: { version: summary.version },
      };
      await recordRead(ctx, actor, read, request.log);
      const base = doc.title.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "document";
      return reply
        .header("content-type", "text/markdown; charset=utf-8")
        .header("content-disposition", attachment(`${base}_summary_v${summary.version}.md`))
        .send(summaryMarkdown(doc.title, summary, controlledCopy(doc, summary.version)));
    },
  );

  r.get(
    "/:id/improvements",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: z.array(improvementSchema) } },
    },
    async (request) => listImprovements(ctx, await presentLoaded(ctx, loadedDocument(request))),
  );

  r.get(
    "/:id/diff/:from/:to/analysis",
    {
      config: { feature: "versionDiff", document: "document.read" },
      schema: { params: diffAnalysisParamsSchema, response: { 200: changeAnalysisSchema } },
    },
    async (request) => {
      const { from, to } = request.params;
      const loaded = loadedDocument(request);
      // A revision past the effective version is no more there for its readers than an unknown one.
      if (Math.max(from, to) > readableVersion(loaded.actor, loaded.facts)) throw notFound("Version");
      return analyseVersions(ctx, loaded.id, from, to);
    },
  );
}

/** The controlled-copy stamp of an export, when the version exported is the effective one. */
function controlledCopy(doc: Document, version: number): string | null {
  const { effectiveVersion, periodicReview } = doc.control;
  if (effectiveVersion !== version || !periodicReview.effectiveOn) return null;
  return controlledCopyStamp(version, periodicReview.effectiveOn);
}

/** Seed §7 /api/ai/*: suggestions, apply, categorise and ask. Registered under /ai. */
export async function aiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/ask",
    {
      config: {
        allow: "ai.ask",
        rateLimit: RATE_LIMITS.ask,
        document: "document.read",
        documentBodyField: "documentId",
      },
      schema: { body: askBodySchema, response: { 200: aiAnswerSchema } },
    },
    async (request) => {
      const scope = request.document ? { documentId: request.document.id } : {};
      const answer = await ask(ctx, requireActor(request), request.body.question, scope);
      return withPassageOrdinals(ctx.db, answer);
    },
  );

  r.get(
    "/suggestions",
    { config: { allow: "suggestion.read" }, schema: { response: { 200: z.array(aiSuggestionSchema) } } },
    async (request) => listSuggestions(ctx, requireActor(request)),
  );

  r.post(
    "/apply/:id",
    {
      config: { allow: "suggestion.apply" },
      schema: { params: suggestionParamsSchema, response: { 200: applySuggestionResultSchema } },
    },
    async (request) => applySuggestion(ctx, requireActor(request), request.params.id),
  );

  r.post(
    "/suggestions/:id/dismiss",
    { config: { allow: "suggestion.apply" }, schema: { params: suggestionParamsSchema } },
    async (request, reply) => {
      await dismissSuggestion(ctx, requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/categorize/:documentId",
    {
      config: { document: "document.read", documentParam: "documentId" },
      schema: { params: categorizeParamsSchema, response: { 200: categorizeResultSchema } },
    },
    async (request) =>
      categorizeDocument(ctx, requireActor(request), await presentLoaded(ctx, loadedDocument(request))),
  );

  // The upload form's text is not stored yet, so it is sent for a suggestion and nothing is kept.
  r.post(
    "/categorize",
    {
      config: { allow: "ai.ask" },
      schema: { body: categorizeBodySchema, response: { 200: categorizeResultSchema } },
    },
    async (request) => categorizeText(ctx, requireActor(request), request.body),
  );
}
