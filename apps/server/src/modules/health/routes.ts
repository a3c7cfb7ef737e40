import { healthSchema } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { APP_VERSION } from "../../version";
import { pingDatabase } from "./repository";

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/health", { config: { public: true }, schema: { response: { 200: healthSchema } } }, async () => {
      // A health check that does not touch the database would say "ok" while every real request fails.
      await pingDatabase(ctx.db);
      return { status: "ok" as const, version: APP_VERSION, database: ctx.dbKind };
    });
}
