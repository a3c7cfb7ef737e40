import { searchQuerySchema, searchResultSchema, searchSuggestionsSchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { searchDocuments, searchSuggestions } from "./service";

/** Seed §7 search calls. Every signed-in user may search; results hold only what they may see. */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/",
    { schema: { querystring: searchQuerySchema, response: { 200: z.array(searchResultSchema) } } },
    async (request) => searchDocuments(ctx, requireActor(request), request.query),
  );

  r.get("/suggestions", { schema: { response: { 200: searchSuggestionsSchema } } }, async (request) =>
    searchSuggestions(ctx, requireActor(request)),
  );
}
