import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { oidcRedirectUri } from "../../config";
import type { AppContext } from "../../context";
import { badRequest, notFound, unauthorized } from "../../lib/errors";
import { sessionToken } from "../../plugins/auth";
import {
  checkFreshAuthentication,
  finishFlow,
  NEXT_REFUSED,
  OIDC_FLOW_MAX_AGE_SECONDS,
  OidcFailure,
  oidcClient,
  safeNext,
  startFlow,
} from "./oidc";
import type { OidcFlow } from "./oidc";
import { SsoRefused, userFromClaims } from "./oidc-users";
import { replaceSession } from "./sessions";

const FLOW_COOKIE = "quire_oidc";
const FLOW_COOKIE_PATH = "/api/auth/oidc";
/**
 * Why single sign-on was refused, for the sign-in page's options (GET /api/auth/login) to show.
 * Signed and set by this server only: the page used to show any ?error= text, so a link could put
 * an attacker's sentence on Quire's real sign-in page.
 */
export const SSO_ERROR_COOKIE = "quire_sso_error";
const SSO_ERROR_COOKIE_PATH = "/api/auth/login";
const SSO_ERROR_MAX_AGE_SECONDS = 300;

type SetSessionCookie = (reply: FastifyReply, token: string) => void;

/** Single sign-on: /api/auth/oidc/start sends the browser to the provider, /callback signs it in. */
export async function oidcRoutes(
  app: FastifyInstance,
  { ctx, setSessionCookie }: { ctx: AppContext; setSessionCookie: SetSessionCookie },
): Promise<void> {
  const config = ctx.config.oidc;
  const configuration = config ? oidcClient(config) : undefined;

  app.get("/oidc/start", { config: { public: true } }, async (request, reply) => {
    if (!config || !configuration) throw notFound("Single sign-on");
    // Refused here, before the provider is visited: a link with a crafted next never signs anyone in.
    const query = request.query as { next?: unknown; purpose?: unknown };
    const next = safeNext(query.next, config.publicUrl);
    if (next === null) throw badRequest(NEXT_REFUSED);
    // purpose=sign: the signed-in person signs in again to sign a decision (approvals/signing.ts).
    const reauthUserId = query.purpose === "sign" ? signedInPerson(request) : undefined;
    try {
      const { url, flow } = await startFlow(await configuration(), config, {
        redirectUri: oidcRedirectUri(config),
        next,
        now: ctx.clock.now().getTime(),
        reauthUserId,
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level navigation, so the cookie comes along.
        sameSite: "lax",
        secure: "auto",
        signed: true,
        maxAge: OIDC_FLOW_MAX_AGE_SECONDS,
      });
      return reply.redirect(url.href);
    } catch (error) {
      return refuse(request, reply, error);
    }
  });

  app.get("/oidc/callback", { config: { public: true } }, async (request, reply) => {
    if (!config || !configuration) throw notFound("Single sign-on");
    try {
      const flow = flowOf(ctx, config.publicUrl, request);
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      const wanted = [config.roleClaim, config.groupsClaim].filter((c): c is string => Boolean(c));
      const claims = await finishFlow(await configuration(), flow, query, wanted);
      checkFreshAuthentication(flow, claims);
      const user = await userFromClaims(ctx, claims, request.ip);
      if (flow.reauth && user.id !== flow.reauth.userId)
        throw new OidcFailure(
          "You signed in again as someone else at the identity provider, so nothing can be signed with it.",
        );
      const { token } = await replaceSession(
        ctx,
        { id: user.id, ip: request.ip },
        {
          userId: user.id,
          previousToken: sessionToken(request),
          action: "Signed in",
          data: {
            via: "single sign-on",
            issuer: claims.iss,
            ...(flow.reauth ? { purpose: "signed in again to sign a decision" } : {}),
          },
          reauthenticated: Boolean(flow.reauth),
        },
      );
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      reply.clearCookie(SSO_ERROR_COOKIE, { path: SSO_ERROR_COOKIE_PATH });
      setSessionCookie(reply, token);
      return reply.redirect(flow.next);
    } catch (error) {
      return refuse(request, reply, error);
    }
  });
}

/** The person a sign-in-again is for: signed in with a session (an API token cannot sign in again). */
function signedInPerson(request: FastifyRequest): string {
  const actor = request.actor;
  if (!actor || actor.via !== "session") throw unauthorized();
  return actor.id;
}

/** Back to the sign-in page, which shows the sentence this sets; the details go to the log. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const known = error instanceof OidcFailure || error instanceof SsoRefused;
  request.log.warn({ err: error }, "single sign-on refused");
  const message = known ? error.message : SSO_FAILED;
  reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
  reply.setCookie(SSO_ERROR_COOKIE, message, {
    path: SSO_ERROR_COOKIE_PATH,
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    signed: true,
    maxAge: SSO_ERROR_MAX_AGE_SECONDS,
  });
  return reply.redirect("/login?error=sso");
}

const SSO_FAILED = "Single sign-on failed. Try again, or ask an Admin.";

/** The refusal this browser's last single sign-on left, if this server signed it. */
export function ssoErrorOf(request: FastifyRequest): string | null {
  const raw = request.cookies[SSO_ERROR_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  return unsigned?.valid && unsigned.value ? unsigned.value.slice(0, 500) : null;
}

/**
 * The flow this browser started, if its cookie is ours (signed) and still fresh, with its `next`
 * checked again before anything is written: a cookie signed by an earlier build held whatever that
 * build let through.
 */
function flowOf(ctx: AppContext, publicUrl: string, request: FastifyRequest): OidcFlow {
  const expired = new OidcFailure("This sign-in did not start here or took too long. Please try again.");
  const raw = request.cookies[FLOW_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  if (!unsigned?.valid || !unsigned.value) throw expired;
  let flow: OidcFlow;
  try {
    flow = JSON.parse(unsigned.value) as OidcFlow;
  } catch {
    throw expired;
  }
  if (typeof flow.expiresAt !== "number" || flow.expiresAt < ctx.clock.now().getTime()) throw expired;
  const next = safeNext(flow.next, publicUrl);
  if (next === null)
    throw new OidcFailure("This sign-in asked to go to a page off this site, so it was stopped.");
  return { ...flow, next };
}
