import {
  documentFacetsSchema,
  documentListQuerySchema,
  documentStatsSchema,
  documentSchema,
  idParamsSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { loadedDocument } from "../../policies/guard";
import type { Actor } from "../../policies/policy";
import { READ_ACTIONS, recordRead } from "../activity/reads";
import { sendDocument } from "./document-reply";
import { listVisibleDocuments, presentLoaded } from "./read";
import { documentFacets } from "./facets";
import { documentStats } from "./stats";
import { documentWriteRoutes, type FileWithoutCategory } from "./write-routes";

const recentQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
const categoryParamsSchema = z.object({ categoryId: z.string().min(1).max(64) });
type ListQuery = z.infer<typeof documentListQuerySchema>;
type Page = Pick<ListQuery, "sort" | "page" | "pageSize">;

/** Lists, figures and one document (under /api/documents); the changes beside, in write-routes.ts. */
export async function documentRoutes(
  app: FastifyInstance,
  { ctx, fileWithoutCategory }: { ctx: AppContext; fileWithoutCategory: FileWithoutCategory },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = z.array(documentSchema);

  const listFor = (actor: Actor, query: ListQuery | undefined, page: Page) =>
    listVisibleDocuments(ctx, actor, query, page);

  // Seed §7 answers a plain list; the total for paging travels in X-Total-Count.
  r.get(
    "/",
    {
      config: { allow: "document.list" },
      schema: { querystring: documentListQuerySchema, response: { 200: list } },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await listFor(requireActor(request), q, q);
      reply.header("x-total-count", String(total));
      return items;
    },
  );

  r.get(
    "/recent",
    {
      config: { allow: "document.list" },
      schema: { querystring: recentQuerySchema, response: { 200: list } },
    },
    async (request) => {
      const { items } = await listFor(requireActor(request), undefined, {
        sort: "updated",
        page: 1,
        pageSize: request.query.limit,
      });
      return items;
    },
  );

  r.get(
    "/stats",
    { config: { allow: "document.list" }, schema: { response: { 200: documentStatsSchema } } },
    async (request) => documentStats(ctx, requireActor(request)),
  );

  r.get(
    "/facets",
    { config: { allow: "document.list" }, schema: { response: { 200: documentFacetsSchema } } },
    async (request) => documentFacets(ctx, requireActor(request)),
  );

  r.get(
    "/category/:categoryId",
    {
      config: { allow: "document.list" },
      schema: { params: categoryParamsSchema, querystring: documentListQuerySchema, response: { 200: list } },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total } = await listFor(
        requireActor(request),
        { ...q, category: request.params.categoryId },
        q,
      );
      reply.header("x-total-count", String(total));
      return items;
    },
  );

  r.get(
    "/:id",
    {
      config: { document: "document.read" },
      schema: { params: idParamsSchema, response: { 200: documentSchema } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const doc = await presentLoaded(ctx, loadedDocument(request));
      // Opening a document is in the audit trail (lists and searches are not); see activity/reads.ts.
      await recordRead(ctx, actor, { action: READ_ACTIONS.viewed, documentId: doc.id }, request.log);
      return sendDocument(reply, doc);
    },
  );

  await documentWriteRoutes(app, { ctx, fileWithoutCategory });
}
