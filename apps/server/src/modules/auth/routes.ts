import {
  demoRoleBodySchema,
  loginBodySchema,
  loginOptionsSchema,
  sessionUserSchema,
  type SessionUser,
} from "@quire/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { requireActor, SESSION_COOKIE, sessionToken } from "../../plugins/auth";
import { accountRoutes } from "./account-routes";
import { demoUserForRole, DEMO_USERS, isDemoUsername } from "./service";
import { checkCredentials } from "./login";
import { replaceSession, signOut } from "./sessions";
import { oidcRoutes, ssoErrorOf } from "./oidc-routes";
import { presentUser } from "../users/presenter";
import { appAbilities } from "../../policies/policy";
import { rolePermissionLines, rolePermissions } from "../../policies/permissions";
import { cachedSettings } from "../settings/service";

/** Signing in and out, the session's user and the demo's role switch; the account's own routes beside. */
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
    return {
      ...presented,
      abilities: appAbilities(presented, features),
      permissions: rolePermissions(presented.role),
      permissionLines: rolePermissionLines(presented.role),
    };
  }

  r.get(
    "/login",
    { config: { public: true }, schema: { response: { 200: loginOptionsSchema } } },
    async (request) => ({
      demo: ctx.config.demo,
      demoPassword: ctx.config.demo ? ctx.config.demoPassword : null,
      demoUsers: ctx.config.demo ? DEMO_USERS.map(({ username, role }) => ({ username, role })) : [],
      sso: ctx.config.oidc
        ? { buttonLabel: ctx.config.oidc.buttonLabel, startUrl: "/api/auth/oidc/start" }
        : null,
      localLogin: ctx.config.localLogin,
      ...(ctx.config.oidc ? { ssoError: ssoErrorOf(request) } : {}),
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

  r.post("/logout", { config: { allow: "account.manage" } }, async (request, reply) => {
    await signOut(ctx, requireActor(request), sessionToken(request));
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.code(204).send();
  });

  r.get(
    "/user",
    { config: { allow: "account.manage" }, schema: { response: { 200: sessionUserSchema } } },
    async (request) => presentSessionUser(requireActor(request)),
  );

  r.post(
    "/demo-role",
    {
      config: { allow: "account.manage" },
      schema: { body: demoRoleBodySchema, response: { 200: sessionUserSchema } },
    },
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

  await accountRoutes(app, { ctx });
}
