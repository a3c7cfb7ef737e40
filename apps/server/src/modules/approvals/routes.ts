import {
  approvalListItemSchema,
  approvalSchema,
  approvalStatsSchema,
  idParamsSchema,
  submitReviewBodySchema,
  updateApprovalBodySchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { actOnApproval, approvalStats, getApproval, listApprovals, submitForReview } from "./service";

/**
 * Seed §7 approval calls. Registered under /api; the service holds every rule. With Approval
 * Workflows off no round starts or moves on, but the rounds already started stay readable.
 */
export async function approvalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/documents/:id/submit-review",
    {
      config: { feature: "approvalWorkflows" },
      schema: { params: idParamsSchema, body: submitReviewBodySchema, response: { 201: approvalSchema } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await submitForReview(ctx, actor, request.params.id, request.body);
      return reply.code(201).send(await getApproval(ctx, actor, request.params.id));
    },
  );

  r.get(
    "/documents/:id/approval",
    { schema: { params: idParamsSchema, response: { 200: approvalSchema } } },
    async (request) => getApproval(ctx, requireActor(request), request.params.id),
  );

  r.patch(
    "/documents/:id/approval",
    {
      config: { feature: "approvalWorkflows" },
      schema: { params: idParamsSchema, body: updateApprovalBodySchema, response: { 200: approvalSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      await actOnApproval(ctx, actor, request.params.id, request.body);
      return getApproval(ctx, actor, request.params.id);
    },
  );

  r.get(
    "/approvals",
    {
      schema: { response: { 200: z.array(approvalListItemSchema) } },
    },
    async (request) => listApprovals(ctx, requireActor(request)),
  );

  r.get("/approvals/stats", { schema: { response: { 200: approvalStatsSchema } } }, async (request) =>
    approvalStats(ctx, requireActor(request)),
  );
}
