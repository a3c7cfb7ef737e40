import { idParamsSchema, ingestionLanguagesSchema, ingestionOverviewSchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { ingestionOverview, retryItem } from "./service";
import { ingestionLanguages, setIngestionLanguages } from "./languages";

/** Settings › Ingestion (Admin): the queue of everything that entered, and retries. */
export async function ingestionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/ingestion",
    { config: { allow: "ingestion.manage" }, schema: { response: { 200: ingestionOverviewSchema } } },
    async () => ingestionOverview(ctx),
  );

  r.post(
    "/ingestion/items/:id/retry",
    { config: { allow: "ingestion.manage" }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await retryItem(ctx, requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/ingestion/languages",
    { config: { allow: "ingestion.manage" }, schema: { response: { 200: ingestionLanguagesSchema } } },
    async () => ingestionLanguages(ctx),
  );

  r.put(
    "/ingestion/languages",
    {
      config: { allow: "ingestion.manage" },
      schema: { body: ingestionLanguagesSchema, response: { 200: ingestionLanguagesSchema } },
    },
    async (request) => setIngestionLanguages(ctx, requireActor(request), request.body),
  );
}
