import {
  approvalTemplateSchema,
  categorySigningSchema,
  documentSigningSchema,
  categoryTemplateSchema,
  delegationSchema,
  delegationViewSchema,
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
import { loadedDocument } from "../../policies/guard";
import { getDelegation, setDelegation } from "./delegation";
import { getCategorySigning, setCategorySigning, signingForDocument } from "./signing";
import { actOnApproval, approvalStats, getApproval, listApprovals, submitForReview } from "./service";
import {
  getCategoryTemplate,
  resetCategoryTemplate,
  saveCategoryTemplate,
  templateForDocument,
} from "./templates";

/**
 * Seed §7 approval calls. Registered under /api; the service holds every rule. With Approval
 * Workflows off no round starts or moves on, but the rounds already started stay readable.
 */
export async function approvalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/documents/:id/submit-review",
    {
      config: { feature: "approvalWorkflows", document: "document.submitForReview" },
      schema: { params: idParamsSchema, body: submitReviewBodySchema, response: { 201: approvalSchema } },
    },
    async (request, reply) => {
      const target = loadedDocument(request);
      await submitForReview(ctx, target, request.body);
      return reply.code(201).send(await getApproval(ctx, target));
    },
  );

  r.get(
    "/documents/:id/approval",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: approvalSchema } },
    },
    async (request) => getApproval(ctx, loadedDocument(request)),
  );

  r.patch(
    "/documents/:id/approval",
    {
      config: { feature: "approvalWorkflows", document: "document.read" },
      schema: { params: idParamsSchema, body: updateApprovalBodySchema, response: { 200: approvalSchema } },
    },
    async (request) => {
      const target = loadedDocument(request);
      await actOnApproval(ctx, target, request.body);
      return getApproval(ctx, target);
    },
  );

  r.get(
    "/approvals",
    { config: { allow: "approval.list" }, schema: { response: { 200: z.array(approvalListItemSchema) } } },
    async (request) => listApprovals(ctx, requireActor(request)),
  );

  r.get(
    "/approvals/stats",
    { config: { allow: "approval.list" }, schema: { response: { 200: approvalStatsSchema } } },
    async (request) => approvalStats(ctx, requireActor(request)),
  );

  r.get(
    "/documents/:id/approval-template",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: categoryTemplateSchema } },
    },
    async (request) => templateForDocument(ctx, loadedDocument(request)),
  );

  r.get(
    "/categories/:id/approval-template",
    {
      config: { allow: "category.manage" },
      schema: { params: idParamsSchema, response: { 200: categoryTemplateSchema } },
    },
    async (request) => getCategoryTemplate(ctx, requireActor(request), request.params.id),
  );

  r.put(
    "/categories/:id/approval-template",
    {
      config: { allow: "category.manage" },
      schema: {
        params: idParamsSchema,
        body: approvalTemplateSchema,
        response: { 200: categoryTemplateSchema },
      },
    },
    async (request) => saveCategoryTemplate(ctx, requireActor(request), request.params.id, request.body),
  );

  r.delete(
    "/categories/:id/approval-template",
    {
      config: { allow: "category.manage" },
      schema: { params: idParamsSchema, response: { 200: categoryTemplateSchema } },
    },
    async (request) => resetCategoryTemplate(ctx, requireActor(request), request.params.id),
  );

  r.get(
    "/documents/:id/signing",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: documentSigningSchema } },
    },
    async (request) => signingForDocument(ctx, loadedDocument(request)),
  );

  r.get(
    "/categories/:id/signing",
    {
      config: { allow: "category.manage" },
      schema: { params: idParamsSchema, response: { 200: categorySigningSchema } },
    },
    async (request) => getCategorySigning(ctx, requireActor(request), request.params.id),
  );

  r.put(
    "/categories/:id/signing",
    {
      config: { allow: "category.manage" },
      schema: {
        params: idParamsSchema,
        body: categorySigningSchema,
        response: { 200: categorySigningSchema },
      },
    },
    async (request) => setCategorySigning(ctx, requireActor(request), request.params.id, request.body),
  );

  r.get(
    "/account/out-of-office",
    { config: { allow: "account.manage" }, schema: { response: { 200: delegationViewSchema } } },
    async (request) => getDelegation(ctx, requireActor(request)),
  );

  r.put(
    "/account/out-of-office",
    {
      config: { allow: "account.manage" },
      schema: {
        body: z.object({ delegation: delegationSchema.nullable() }),
        response: { 200: delegationViewSchema },
      },
    },
    async (request) => setDelegation(ctx, requireActor(request), request.body.delegation),
  );
}
