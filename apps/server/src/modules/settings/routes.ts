import {
  publicContactSchema,
  settingsSchema,
  systemInfoSchema,
  updateSettingsBodySchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireActor } from "../../plugins/auth";
import { cachedSettings, getSettings, updateSettings } from "./service";
import { systemInfo } from "./system-info";

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every signed-in user reads them: the feature toggles shape every screen.
  r.get(
    "/settings",
    { config: { allow: "settings.read" }, schema: { response: { 200: settingsSchema } } },
    async () => getSettings(ctx.db),
  );

  r.patch(
    "/settings",
    {
      config: { allow: "settings.manage" },
      schema: { body: updateSettingsBodySchema, response: { 200: settingsSchema } },
    },
    async (request) => {
      const admin = requireActor(request);
      return updateSettings(ctx, admin, request.body);
    },
  );

  // The landing page is public, and shows only what an Admin chose to publish.
  r.get(
    "/public/contact",
    { config: { public: true }, schema: { response: { 200: publicContactSchema } } },
    async () => (await cachedSettings(ctx)).publicContact,
  );

  r.get(
    "/system",
    { config: { allow: "system.read" }, schema: { response: { 200: systemInfoSchema } } },
    async (request) => systemInfo(ctx, requireActor(request)),
  );
}
