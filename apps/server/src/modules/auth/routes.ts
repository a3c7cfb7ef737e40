import {
  apiTokenSchema,
  changePasswordBodySchema,
  createdTokenSchema,
  createTokenBodySchema,
  demoRoleBodySchema,
  idParamsSchema,
  loginBodySchema,
  loginOptionsSchema,
  savedViewsSchema,
  sessionUserSchema,
  type SessionUser,
} from "@quire/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { requireActor, SESSION_COOKIE, sessionToken } from "../../plugins/auth";
import {
  changePassword,
  createApiToken,
  demoUserForRole,
  DEMO_USERS,
  isDemoUsername,
  listApiTokens,
  revokeApiToken,
} from "./service";
import { checkCredentials } from "./login";
import { readSavedViews, writeSavedViews } from "./saved-views";
import { replaceSession, signOut } from "./sessions";
import { oidcRoutes } from "./oidc-routes";
import { presentUser } from "../users/presenter";
import { appAbilities } from "../../policies/policy";
import { cachedSettings } from "../settings/service";

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  function setSessionCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: "auto",
      signed: true,
      maxAge: ctx.config.sessionMaxHours * 3600,
    });
  }

  /** The session's user with the abilities the web shows its controls from. */
  async function presentSessionUser(user: Parameters<typeof presentUser>[0]): Promise<SessionUser> {
    const presented = presentUser(user);
    const { features } = await cachedSettings(ctx);
    return { ...presented, abilities: appAbilities(presented, features) };
  }

  r.get(
    "/login",
    { config: { public: true }, schema: { response: { 200: loginOptionsSchema } } },
    async () => ({
      demo: ctx.config.demo,
      demoPassword: ctx.config.demo ? ctx.config.demoPassword : null,
      demoUsers: ctx.config.demo ? DEMO_USERS.map(({ username, role }) => ({ username, role })) : [],
      sso: ctx.config.oidc
        ? { buttonLabel: ctx.config.oidc.buttonLabel, startUrl: "/api/auth/oidc/start" }
        : null,
      localLogin: ctx.config.localLogin,
    }),
  );

  r.post(
    "/login",
    {
      config: { public: true },
      schema: { body: loginBodySchema, response: { 200: sessionUserSchema } },
    },
    async (request, reply) => {
      if (!ctx.config.localLogin)
        throw forbidden("Password sign-in is turned off on this server: sign in with single sign-on");
      const user = await checkCredentials(ctx, request.body.username, request.body.password, request.ip);
      const { token } = await replaceSession(
        ctx,
        { id: user.id, ip: request.ip },
        { userId: user.id, previousToken: sessionToken(request), action: "Signed in" },
      );
      setSessionCookie(reply, token);
      return presentSessionUser(user);
    },
  );

  await oidcRoutes(app, { ctx, setSessionCookie });

  r.post("/logout", {}, async (request, reply) => {
    await signOut(ctx, requireActor(request), sessionToken(request));
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.code(204).send();
  });

  r.get("/user", { schema: { response: { 200: sessionUserSchema } } }, async (request) =>
    presentSessionUser(requireActor(request)),
  );

  r.post(
    "/demo-role",
    { schema: { body: demoRoleBodySchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      if (!ctx.config.demo) throw notFound("Demo mode");
      const actor = requireActor(request);
      if (actor.via !== "session")
        throw badRequest("Switching role needs a browser session, not an API token");
      // Only the demo accounts share the demo's role switch: a real account never becomes the demo Admin.
      if (!isDemoUsername(actor.username))
        throw forbidden("Only the demo accounts may switch roles; sign in as the user you need");
      const user = await demoUserForRole(ctx, request.body.role);
      const { token } = await replaceSession(ctx, actor, {
        userId: user.id,
        previousToken: sessionToken(request),
        action: "Switched demo role",
        data: { from: actor.username, to: user.username },
      });
      setSessionCookie(reply, token);
      return presentSessionUser(user);
    },
  );

  // The signed-in user's own saved views of All Documents.
  r.get("/views", { schema: { response: { 200: savedViewsSchema } } }, async (request) =>
    readSavedViews(ctx, requireActor(request).id),
  );

  r.put(
    "/views",
    { schema: { body: savedViewsSchema, response: { 200: savedViewsSchema } } },
    async (request) => writeSavedViews(ctx, requireActor(request), request.body),
  );

  r.post("/password", { schema: { body: changePasswordBodySchema } }, async (request, reply) => {
    await changePassword(
      ctx,
      requireActor(request),
      { current: request.body.currentPassword, next: request.body.newPassword },
      sessionToken(request),
    );
    return reply.code(204).send();
  });

  r.get("/tokens", { schema: { response: { 200: z.array(apiTokenSchema) } } }, async (request) =>
    listApiTokens(ctx, requireActor(request)),
  );

  r.post(
    "/tokens",
    { schema: { body: createTokenBodySchema, response: { 201: createdTokenSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createApiToken(ctx, requireActor(request), request.body)),
  );

  r.delete("/tokens/:id", { schema: { params: idParamsSchema } }, async (request, reply) => {
    await revokeApiToken(ctx, requireActor(request), request.params.id);
    return reply.code(204).send();
  });
}
