import { searchQuerySchema, searchResultSchema, searchSuggestionsSchema } from "@quire/contracts";
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
    { schema: { querystring: searchQuerySchema, response: { 200: z.array(searchResultSchema) } } },
    async (request, reply) => {
      const query = request.query;
      // With semantic search off in Settings, a hybrid request is answered by full-text alone,
      // and the header says which mode answered.
      const semanticOff = query.mode === "hybrid" && !(await isFeatureOn(ctx.db, "semanticSearch"));
      const answered = semanticOff ? { ...query, mode: "fulltext" as const } : query;
      reply.header("x-quire-search-mode", answered.mode ?? DEFAULT_SEARCH_MODE);
      return searchDocuments(ctx, requireActor(request), answered);
    },
  );

  r.get("/suggestions", { schema: { response: { 200: searchSuggestionsSchema } } }, async (request) =>
    searchSuggestions(ctx, requireActor(request)),
  );
}
