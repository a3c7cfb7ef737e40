import {
  apiTokenSchema,
  changePasswordBodySchema,
  createdTokenSchema,
  createTokenBodySchema,
  demoRoleBodySchema,
  idParamsSchema,
  loginBodySchema,
  loginOptionsSchema,
  userSchema,
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
import { createSession, deleteSession } from "./sessions";
import { presentUser } from "../users/presenter";

export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function startSession(
    reply: FastifyReply,
    userId: string,
    previousToken: string | null,
  ): Promise<void> {
    // A fresh id at every sign-in: a session id planted before sign-in is never promoted (session fixation).
    if (previousToken) await deleteSession(ctx, previousToken);
    const { token } = await createSession(ctx, userId);
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: "auto",
      signed: true,
      maxAge: ctx.config.sessionMaxHours * 3600,
    });
  }

  r.get(
    "/login",
    { config: { public: true }, schema: { response: { 200: loginOptionsSchema } } },
    async () => ({
      demo: ctx.config.demo,
      demoPassword: ctx.config.demo ? ctx.config.demoPassword : null,
      demoUsers: ctx.config.demo ? DEMO_USERS.map(({ username, role }) => ({ username, role })) : [],
    }),
  );

  r.post(
    "/login",
    {
      config: { public: true },
      schema: { body: loginBodySchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const user = await checkCredentials(ctx, request.body.username, request.body.password, request.ip);
      await startSession(reply, user.id, sessionToken(request));
      return presentUser(user);
    },
  );

  r.post("/logout", {}, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(ctx, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.code(204).send();
  });

  r.get("/user", { schema: { response: { 200: userSchema } } }, async (request) =>
    presentUser(requireActor(request)),
  );

  r.post(
    "/demo-role",
    { schema: { body: demoRoleBodySchema, response: { 200: userSchema } } },
    async (request, reply) => {
      if (!ctx.config.demo) throw notFound("Demo mode");
      const actor = requireActor(request);
      if (actor.via !== "session")
        throw badRequest("Switching role needs a browser session, not an API token");
      // Only the demo accounts share the demo's role switch: a real account never becomes the demo Admin.
      if (!isDemoUsername(actor.username))
        throw forbidden("Only the demo accounts may switch roles; sign in as the user you need");
      const user = await demoUserForRole(ctx, request.body.role);
      await startSession(reply, user.id, sessionToken(request));
      return presentUser(user);
    },
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
