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
 * Why a state-changing request is refused as cross-site (CSRF), or null when it may go on. A
 * browser names the page that sent it in Origin (every fetch and form that is not GET or HEAD) and
 * in Sec-Fetch-Site; one naming another site is refused. Without Origin only two things vouch for
 * a request: `Sec-Fetch-Site: same-origin` (a browser's own word) and an API token, which no other
 * site's page can make a browser send. Anything else (an old browser, a proxy that strips Origin,
 * a script with a stolen cookie jar) is refused rather than trusted: a session cookie alone never
 * vouches for a change. SameSite=Lax cookies already stop most of these; this closes the rest.
 */
function crossSiteRefusal(request: FastifyRequest): string | null {
  if (SAFE_METHODS.has(request.method)) return null;
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (request.headers["sec-fetch-site"] === "same-origin" || bearerToken(request) !== null) return null;
    return "Cross-site request refused: a change needs an Origin header naming this site (browsers send one) or an API token (Authorization: Bearer)";
  }
  return sameHost(origin, request.headers.host) ? null : "Cross-site request refused";
}

/** Whether Origin names the host the request came to; default ports count as absent ("host:80" = "host"). */
function sameHost(origin: string, host: string | undefined): boolean {
  if (origin === "null" || !host) return false;
  try {
    const named = new URL(origin);
    return named.host === new URL(`${named.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * What the API answers is behind access control and changes with it: no browser or proxy keeps a
 * copy, so a shared computer shows nothing of it after sign-out or a loss of access. Routes that
 * set their own Cache-Control (the live-event stream) keep it.
 */
const API_CACHE_CONTROL = "private, no-store";

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest("actor", null);
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control"))
      reply.header("cache-control", API_CACHE_CONTROL);
  });
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    const refusal = crossSiteRefusal(request);
    if (refusal) throw forbidden(refusal);
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
