import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { forbidden, unauthorized } from "../lib/errors";
import { actorFromApiToken, actorFromSession } from "../modules/auth/sessions";
import type { Actor } from "../policies/policy";

export const SESSION_COOKIE = "quire_session";

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a session (health, sign-in). Everything else under /api is closed by default. */
    public?: boolean;
    /**
     * Routes an API token may not use, only a signed-in session: managing tokens. A token that
     * could mint tokens would outlive its own revocation through them.
     */
    sessionOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What a user signed in with a one-time password may do: see who they are, set a password, leave. */
const ALLOWED_BEFORE_NEW_PASSWORD = new Set([
  "GET /api/auth/user",
  "POST /api/auth/password",
  "POST /api/auth/logout",
  "GET /api/auth/login",
]);

function routeKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ""}`;
}

/** The session cookie's token, if it carries a valid signature. */
export function sessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/** The personal access token of an `Authorization: Bearer` header, if there is one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : null;
}

async function resolveActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  const bearer = bearerToken(request);
  if (bearer !== null) return actorFromApiToken(ctx, bearer);
  const token = sessionToken(request);
  return token ? actorFromSession(ctx, token) : null;
}

/**
 * A browser sends Origin on state-changing requests; one naming another site is a cross-site
 * request (CSRF) and is refused. SameSite=Lax cookies already stop most of these; this closes the rest.
 */
function isCrossSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers["sec-fetch-site"] === "cross-site";
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("actor", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    if (isCrossSite(request)) throw forbidden("Cross-site request refused");
    const actor = await resolveActor(ctx, request);
    request.actor = actor ? { ...actor, ip: request.ip } : null;
    if (!request.actor && !request.routeOptions.config.public && !request.is404) throw unauthorized();
    if (request.actor?.via === "token" && request.routeOptions.config.sessionOnly) {
      throw forbidden("API tokens are managed from a signed-in session (Settings), not with an API token");
    }
    if (request.actor?.mustChangePassword && !ALLOWED_BEFORE_NEW_PASSWORD.has(routeKey(request))) {
      throw forbidden("Set a new password first: you signed in with a one-time password");
    }
  });
}

/** For handlers behind the default guard: the actor is always set there. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}
