import * as client from "openid-client";
import type { OidcConfig } from "../../config";

/** How long a started sign-in may take at the provider before its state cookie is refused. */
export const OIDC_FLOW_MAX_AGE_SECONDS = 10 * 60;

/** What the start of a sign-in keeps (in a signed httpOnly cookie) for its callback to check. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** Where to go once signed in (a path on this site). */
  next: string;
  /** Epoch ms after which the flow is refused. */
  expiresAt: number;
  /**
   * Set when a signed-in person signs in again to sign a decision: who they must turn out to be,
   * and when the flow started (the provider's auth_time must not be earlier).
   */
  reauth?: { userId: string; startedAt: number };
}

/** How far the provider's clock may run behind Quire's when a fresh sign-in's auth_time is checked. */
const AUTH_TIME_SKEW_MS = 60_000;

/** A refusal with a sentence for the sign-in page; the cause goes to the log. */
export class OidcFailure extends Error {
  constructor(
    readonly userMessage: string,
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
  }
}

/**
 * The provider's metadata and keys, discovered on first use and kept: a provider that is down at
 * start-up must not stop Quire, and a failed discovery is retried at the next sign-in.
 */
export function oidcClient(config: OidcConfig): () => Promise<client.Configuration> {
  let discovered: Promise<client.Configuration> | undefined;
  return () => {
    discovered ??= discover(config).catch((error: unknown) => {
      discovered = undefined;
      throw new OidcFailure("The identity provider could not be reached. Try again later.", { cause: error });
    });
    return discovered;
  };
}

async function discover(config: OidcConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuer);
  // config.ts allows plain http only for a provider on this machine (tests, local development).
  const execute = issuer.protocol === "http:" ? [client.allowInsecureRequests] : [];
  const configuration = await client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
    execute,
  });
  // The ID token's signature is checked against the provider's published keys, not only trusted
  // because it came over TLS from the token endpoint.
  client.enableNonRepudiationChecks(configuration);
  return configuration;
}

/** The provider's sign-in URL for a new flow, and the flow to keep for the callback. */
export async function startFlow(
  configuration: client.Configuration,
  config: OidcConfig,
  at: { redirectUri: string; next: string; now: number; reauthUserId?: string },
): Promise<{ url: URL; flow: OidcFlow }> {
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    redirectUri: at.redirectUri,
    next: at.next,
    expiresAt: at.now + OIDC_FLOW_MAX_AGE_SECONDS * 1000,
    ...(at.reauthUserId ? { reauth: { userId: at.reauthUserId, startedAt: at.now } } : {}),
  };
  // To sign, the provider must ask for the credentials again, whatever session it holds (OIDC Core
  // 3.1.2.1): prompt=login, and max_age=0 so the ID token carries the auth_time checked below.
  const stepUp: Record<string, string> = flow.reauth ? { prompt: "login", max_age: "0" } : {};
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: flow.redirectUri,
    scope: config.scopes,
    response_type: "code",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    ...stepUp,
  });
  return { url, flow };
}

/**
 * Exchanges the callback's code and returns the verified ID token's claims. The library checks
 * state, PKCE, nonce, and the ID token's signature, issuer, audience and expiry.
 */
export async function finishFlow(
  configuration: client.Configuration,
  flow: OidcFlow,
  callbackQuery: string,
  wanted: string[] = [],
): Promise<Record<string, unknown> & { iss: string; sub: string }> {
  const current = new URL(flow.redirectUri);
  current.search = callbackQuery;
  const providerError = current.searchParams.get("error");
  if (providerError) {
    const description = current.searchParams.get("error_description") ?? providerError;
    throw new OidcFailure(`The identity provider refused the sign-in: ${description.slice(0, 200)}`);
  }
  try {
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("the token response holds no ID token");
    // Many providers put groups and roles only in /userinfo; ask there when the ID token lacks them.
    const missing = wanted.some((path) => !(path.split(".")[0]! in claims));
    if (!missing || !configuration.serverMetadata().userinfo_endpoint) return claims;
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    // The verified ID token's own claims (iss, sub, aud…) always win over /userinfo's.
    return { ...userinfo, ...claims };
  } catch (error) {
    throw new OidcFailure(
      `The identity provider's answer could not be verified (${reasonOf(error)}). Try again, or ask an Admin.`,
      { cause: error },
    );
  }
}

/**
 * Refuses a sign-in-again whose ID token does not show a fresh authentication: no auth_time, or one
 * from before the flow started (a provider that reused its session despite prompt=login).
 */
export function checkFreshAuthentication(flow: OidcFlow, claims: Record<string, unknown>): void {
  if (!flow.reauth) return;
  const authTime = claims.auth_time;
  if (typeof authTime !== "number" || authTime * 1000 < flow.reauth.startedAt - AUTH_TIME_SKEW_MS)
    throw new OidcFailure(
      "The identity provider did not ask for your sign-in again, so nothing can be signed with it. Ask an Admin to check the provider honours prompt=login.",
    );
}

/**
 * The library's most specific sentence ('unexpected JWT "iss" (issuer) claim value'), short and on
 * one line: openid-client wraps oauth4webapi's error, whose message names the failed check.
 */
function reasonOf(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = inner instanceof Error ? inner.message : String(inner);
  return message.replace(/\s+/g, " ").slice(0, 160);
}

/**
 * Why a `next` is refused: it must be a path on this site (never another origin, "//host", a
 * control character a browser would drop on the way to reading "//host", or the API).
 */
export const NEXT_REFUSED =
  "next must be a path on this site (starting with one /, without control characters, not under /api/)";

/** C0 and C1 control characters and DEL: a URL parser drops tab and newlines, a header cannot hold CR/LF. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A path on this site to return to after sign-in, or null when `value` is anything else. The path
 * is read with the URL parser against `origin` (this site's public origin), as a browser reads a
 * Location header, and the parser's own reading is returned, so what is checked is what is sent:
 * "/\t/evil.example" reads as "//evil.example" and "/..//evil.example" has the path
 * "//evil.example", both another site once in a Location header.
 */
export function safeNext(value: unknown, origin: string): string | null {
  if (value === undefined) return "/home";
  if (typeof value !== "string" || value.length > 500 || CONTROL_CHARACTERS.test(value)) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== new URL(origin).origin || path.startsWith("//") || url.pathname.startsWith("/api/"))
    return null;
  return path;
}
