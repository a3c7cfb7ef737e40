import { featureOffMessages, type FeatureName } from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { forbidden } from "../lib/errors";
import { isFeatureOn } from "../modules/settings/service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The Settings feature toggle this route belongs to; with it off the route answers 403. */
    feature?: FeatureName;
  }
}

/**
 * Feature toggles are enforced by the API, not only hidden in the web app, so an API client or
 * a stale browser tab cannot use a feature an Admin has turned off. Runs after authentication,
 * so an anonymous caller still gets 401 rather than learning which features are on.
 */
export function registerFeatureGates(app: FastifyInstance, ctx: AppContext): void {
  app.addHook("preHandler", async (request) => {
    const feature = request.routeOptions.config.feature;
    if (feature && !(await isFeatureOn(ctx, feature))) throw forbidden(featureOffMessages[feature]);
  });
}
