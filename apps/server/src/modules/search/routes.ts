import {
  SEARCH_MODE_HEADER,
  searchQuerySchema,
  searchResultSchema,
  searchSuggestionsSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { isFeatureOn } from "../settings/service";
import { DEFAULT_SEARCH_MODE, searchDocuments, searchSuggestions } from "./service";

/** Seed §7 search calls. Every signed-in user may search; results hold only what they may see. */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/",
    {
      config: { allow: "search.use" },
      schema: { querystring: searchQuerySchema, response: { 200: z.array(searchResultSchema) } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // With Semantic Search off a hybrid request still answers, by full text, and says so.
      const asked = request.query.mode ?? DEFAULT_SEARCH_MODE;
      const mode = asked === "hybrid" && !(await isFeatureOn(ctx, "semanticSearch")) ? "fulltext" : asked;
      const results = await searchDocuments(ctx, actor, { ...request.query, mode });
      reply.header(SEARCH_MODE_HEADER, mode);
      return results;
    },
  );

  r.get(
    "/suggestions",
    { config: { allow: "search.use" }, schema: { response: { 200: searchSuggestionsSchema } } },
    async (request) => searchSuggestions(ctx, requireActor(request)),
  );
}
