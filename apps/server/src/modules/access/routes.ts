import {
  accessHoldersSchema,
  categoryAccessSchema,
  documentAccessSchema,
  idParamsSchema,
  putCategoryAccessBodySchema,
  putDocumentAccessBodySchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { loadedDocument } from "../../policies/guard";
import {
  getCategoryAccess,
  getDocumentAccess,
  listAccessHolders,
  putCategoryAccess,
  putDocumentAccess,
} from "./service";

/**
 * Access lists: a category's (Admin) and a single document's (`document.share`: its owner or an
 * Admin; the document guard answers 404 to those who cannot see it and 403 to the rest).
 */
export async function accessRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/categories/:id/access",
    {
      config: { allow: "category.manage" },
      schema: { params: idParamsSchema, response: { 200: categoryAccessSchema } },
    },
    async (request) => {
      return getCategoryAccess(ctx, request.params.id);
    },
  );

  r.put(
    "/categories/:id/access",
    {
      config: { allow: "category.manage" },
      schema: {
        params: idParamsSchema,
        body: putCategoryAccessBodySchema,
        response: { 200: categoryAccessSchema },
      },
    },
    async (request) => {
      const admin = requireActor(request);
      return putCategoryAccess(ctx, admin, request.params.id, request.body);
    },
  );

  r.get(
    "/documents/:id/access",
    {
      config: { document: "document.share" },
      schema: { params: idParamsSchema, response: { 200: documentAccessSchema } },
    },
    async (request) => getDocumentAccess(ctx, loadedDocument(request).id),
  );

  r.put(
    "/documents/:id/access",
    {
      config: { document: "document.share" },
      schema: {
        params: idParamsSchema,
        body: putDocumentAccessBodySchema,
        response: { 200: documentAccessSchema },
      },
    },
    async (request) =>
      putDocumentAccess(ctx, requireActor(request), loadedDocument(request).id, request.body),
  );

  r.get(
    "/documents/:id/access/holders",
    {
      config: { document: "document.share" },
      schema: { params: idParamsSchema, response: { 200: accessHoldersSchema } },
    },
    async (request) => listAccessHolders(ctx, loadedDocument(request).id),
  );
}
