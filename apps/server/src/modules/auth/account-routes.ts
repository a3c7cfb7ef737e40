import {
  apiTokenSchema,
  changePasswordBodySchema,
  createdTokenSchema,
  createTokenBodySchema,
  idParamsSchema,
  languageChoiceBodySchema,
  languageChoiceSchema,
  savedViewsSchema,
  tourStateSchema,
} from "@quire/contracts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireActor, sessionToken } from "../../plugins/auth";
import { readSavedViews, writeSavedViews } from "./saved-views";
import { changePassword, createApiToken, listApiTokens, revokeApiToken } from "./service";
import { readTourState, writeTourState } from "./tour-state";
import { readLanguageChoice, writeLanguageChoice } from "./language-choice";

/** The signed-in user's own account (under /api/auth): saved views, the tour, the interface language, password, personal access tokens. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The signed-in user's own saved views of All Documents.
  r.get(
    "/views",
    { config: { allow: "account.manage" }, schema: { response: { 200: savedViewsSchema } } },
    async (request) => readSavedViews(ctx, requireActor(request).id),
  );

  r.put(
    "/views",
    {
      config: { allow: "account.manage" },
      schema: { body: savedViewsSchema, response: { 200: savedViewsSchema } },
    },
    async (request) => writeSavedViews(ctx, requireActor(request), request.body),
  );

  // Whether the user finished the guided tour, so a new device does not start it again.
  r.get(
    "/tour",
    { config: { allow: "account.manage" }, schema: { response: { 200: tourStateSchema } } },
    async (request) => readTourState(ctx, requireActor(request).id),
  );

  r.put(
    "/tour",
    {
      config: { allow: "account.manage" },
      schema: { body: tourStateSchema, response: { 200: tourStateSchema } },
    },
    async (request) => writeTourState(ctx, requireActor(request), request.body),
  );

  // The interface language the user chose, so every device they sign in on shows it.
  r.get(
    "/language",
    { config: { allow: "account.manage" }, schema: { response: { 200: languageChoiceSchema } } },
    async (request) => readLanguageChoice(ctx, requireActor(request).id),
  );

  r.put(
    "/language",
    {
      config: { allow: "account.manage" },
      schema: { body: languageChoiceBodySchema, response: { 200: languageChoiceSchema } },
    },
    async (request) => writeLanguageChoice(ctx, requireActor(request), request.body),
  );

  r.post(
    "/password",
    { config: { allow: "account.manage" }, schema: { body: changePasswordBodySchema } },
    async (request, reply) => {
      await changePassword(
        ctx,
        requireActor(request),
        { current: request.body.currentPassword, next: request.body.newPassword },
        sessionToken(request),
      );
      return reply.code(204).send();
    },
  );

  // Tokens are managed from a session only (config.sessionOnly): a stolen token cannot mint
  // others that outlive its revocation, list the account's tokens, or revoke the owner's.
  r.get(
    "/tokens",
    {
      config: { allow: "token.manage", sessionOnly: true },
      schema: { response: { 200: z.array(apiTokenSchema) } },
    },
    async (request) => listApiTokens(ctx, requireActor(request)),
  );

  r.post(
    "/tokens",
    {
      config: { allow: "token.manage", sessionOnly: true },
      schema: { body: createTokenBodySchema, response: { 201: createdTokenSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiToken(ctx, requireActor(request), request.body)),
  );

  r.delete(
    "/tokens/:id",
    { config: { allow: "token.manage", sessionOnly: true }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await revokeApiToken(ctx, requireActor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
