import { featureOffMessages, type Features } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { forbidden } from "../lib/errors";
import { isFeatureOn } from "../modules/settings/service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The Settings feature a route belongs to: while an Admin has it off, the route answers 403. */
    feature?: keyof Features;
  }
}

/** Feature toggles are enforced here, not only hidden in the web app, so API clients obey them too. */
export function registerFeatureToggles(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("preHandler", async (request) => {
    const feature = request.routeOptions.config.feature;
    if (feature && !(await isFeatureOn(ctx.db, feature))) throw forbidden(featureOffMessages[feature]);
  });
}
