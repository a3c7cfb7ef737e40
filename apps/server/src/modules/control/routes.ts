import {
  categoryReviewIntervalSchema,
  documentSchema,
  idParamsSchema,
  periodicReviewInputSchema,
  periodicReviewSuggestionSchema,
  reconfirmInputSchema,
  reviewDueItemSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { loadedDocument } from "../../policies/guard";
import { sendDocument } from "../documents/document-reply";
import { presentVisible } from "../documents/read";
import { listReviewsDue } from "./due";
import {
  getCategoryReviewInterval,
  reconfirmEffective,
  setCategoryReviewInterval,
  setPeriodicReview,
  suggestPeriodicReview,
} from "./service";

/** Document control: an effective document's periodic review, and the dashboard's list of those due. */
export async function controlRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/documents/:id/periodic-review/suggestion",
    {
      config: { document: "document.control" },
      schema: { params: idParamsSchema, response: { 200: periodicReviewSuggestionSchema } },
    },
    async (request) => suggestPeriodicReview(ctx, loadedDocument(request)),
  );

  r.put(
    "/documents/:id/periodic-review",
    {
      config: { document: "document.control" },
      schema: { params: idParamsSchema, body: periodicReviewInputSchema, response: { 200: documentSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await setPeriodicReview(ctx, target, request.body);
      return sendDocument(reply, await presentVisible(ctx, target.actor, target.id));
    },
  );

  r.post(
    "/documents/:id/periodic-review/confirm",
    {
      config: { document: "document.control" },
      schema: { params: idParamsSchema, body: reconfirmInputSchema, response: { 200: documentSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await reconfirmEffective(ctx, target, request.body.comment);
      return sendDocument(reply, await presentVisible(ctx, target.actor, target.id));
    },
  );

  r.get(
    "/categories/:id/review-interval",
    {
      config: { allow: "category.manage" },
      schema: { params: idParamsSchema, response: { 200: categoryReviewIntervalSchema } },
    },
    async (request) => getCategoryReviewInterval(ctx, request.params.id),
  );

  r.put(
    "/categories/:id/review-interval",
    {
      config: { allow: "category.manage" },
      schema: {
        params: idParamsSchema,
        body: categoryReviewIntervalSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setCategoryReviewInterval(ctx, request.params.id, request.body.months, requireActor(request));
      return reply.code(204).send(null);
    },
  );

  r.get(
    "/dashboard/periodic-reviews",
    {
      config: { allow: "document.list" },
      schema: { response: { 200: z.object({ items: z.array(reviewDueItemSchema) }) } },
    },
    async (request) => ({ items: await listReviewsDue(ctx, requireActor(request)) }),
  );
}
