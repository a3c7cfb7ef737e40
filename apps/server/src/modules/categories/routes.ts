import {
  categorySchema,
  categoryStatsSchema,
  createCategoryBodySchema,
  idParamsSchema,
  updateCategoryBodySchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import {
  categoryStats,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from "./service";

export async function categoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/",
    { config: { allow: "category.read" }, schema: { response: { 200: z.array(categorySchema) } } },
    async (request) => listCategories(ctx, requireActor(request)),
  );

  r.get(
    "/stats",
    { config: { allow: "category.read" }, schema: { response: { 200: z.array(categoryStatsSchema) } } },
    async (request) => categoryStats(ctx, requireActor(request)),
  );

  r.get(
    "/:id",
    {
      config: { allow: "category.read" },
      schema: { params: idParamsSchema, response: { 200: categorySchema } },
    },
    async (request) => getCategory(ctx, requireActor(request), request.params.id),
  );

  r.post(
    "/",
    {
      config: { allow: "category.manage" },
      schema: { body: createCategoryBodySchema, response: { 201: categorySchema } },
    },
    async (request, reply) => {
      const admin = requireActor(request);
      return reply.code(201).send(await createCategory(ctx, admin, request.body));
    },
  );

  r.patch(
    "/:id",
    {
      config: { allow: "category.manage" },
      schema: { params: idParamsSchema, body: updateCategoryBodySchema, response: { 200: categorySchema } },
    },
    async (request) => {
      const admin = requireActor(request);
      return updateCategory(ctx, admin, request.params.id, request.body);
    },
  );

  r.delete(
    "/:id",
    { config: { allow: "category.manage" }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const admin = requireActor(request);
      await deleteCategory(ctx, admin, request.params.id);
      return reply.code(204).send();
    },
  );
}
