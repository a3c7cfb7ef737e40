import { dashboardInsightsSchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { dashboardInsights } from "./service";

/** The dashboard's figures, computed here so every screen shows the same numbers. */
export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/insights",
    { config: { allow: "analytics.read" }, schema: { response: { 200: dashboardInsightsSchema } } },
    async (request) => dashboardInsights(ctx, requireActor(request)),
  );
}
