// A real OpenID Connect provider (the `oidc-provider` package) on a local port, for the single
// sign-on tests (API and browser). Only tests import this file.
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestProvider {
  issuer: string;
  /** Registers Quire as a client; the provider answers 503 until then (Quire's port may come later). */
  register(client: { clientId: string; clientSecret: string; redirectUri: string }): void;
  /** The claims the provider asserts for a login name (the login is the subject). */
  setAccount(login: string, claims: Record<string, unknown>): void;
  /** Rewrites the ID token the token endpoint answers (forgery tests); null answers it untouched. */
  tamper: ((idToken: string) => string) | null;
  /** Re-signs an ID token after changing its payload, with the provider's own key unless another is given. */
  resign(idToken: string, change: (payload: Record<string, unknown>) => void, key?: KeyObject): string;
  close(): Promise<void>;
}

const KEY_ID = "quire-test-key";

/** `userinfoOnly`: profile claims (roles, groups) only at /userinfo, not in the ID token (the spec's default). */
export async function startTestProvider(options: { userinfoOnly?: boolean } = {}): Promise<TestProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    // Browsers ask for one; a 404 would be a console error in the browser tests.
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    if (handler) return handler(req, res);
    res.writeHead(503).end("provider not configured yet");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const accounts = new Map<string, Record<string, unknown>>();

  const testProvider: TestProvider = {
    issuer,
    tamper: null,
    setAccount: (login, claims) => accounts.set(login, claims),
    register(client) {
      const provider = createProvider(issuer, client, privateKey, accounts, options.userinfoOnly ?? false);
      provider.use(async (ctx, next) => {
        await next();
        // The development sign-in page links a web font; the tests run without a network.
        if (typeof ctx.body === "string")
          ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com[^)]*\);/g, "");
        const body = ctx.body as { id_token?: unknown } | undefined;
        if (ctx.path === "/token" && testProvider.tamper && typeof body?.id_token === "string")
          ctx.body = { ...body, id_token: testProvider.tamper(body.id_token) };
      });
      handler = provider.callback();
    },
    resign(idToken, change, key = privateKey) {
      const [header, payload] = idToken.split(".");
      const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<
        string,
        unknown
      >;
      change(claims);
      const input = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
      return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return testProvider;
}

function createProvider(
  issuer: string,
  client: { clientId: string; clientSecret: string; redirectUri: string },
  privateKey: KeyObject,
  accounts: Map<string, Record<string, unknown>>,
  userinfoOnly: boolean,
): Provider {
  return new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: KEY_ID, alg: "RS256", use: "sig" }] },
    cookies: { keys: ["quire-test-provider-cookies"] },
    pkce: { required: () => true },
    ttl: { IdToken: 3600, AccessToken: 3600, Grant: 3600, Interaction: 600, Session: 3600 },
    // By default scope claims go into the ID token (not only /userinfo), as most enterprise providers do.
    conformIdTokenClaims: userinfoOnly,
    claims: {
      openid: ["sub"],
      profile: ["preferred_username", "name", "roles", "groups"],
      email: ["email", "email_verified"],
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts.get(sub) }),
    }),
    // Quire is a first-party client: no consent screen, the requested scopes are granted.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session!;
      const clientId = ctx.oidc.client!.clientId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: session.accountId! });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
  });
}

/** A cookie jar just big enough for the provider's own cookies when a test follows the flow by hand. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * Follows the provider's sign-in from its authorization URL as a browser would, submitting the
 * login form for `login`, until the provider redirects to Quire: returns that callback URL.
 */
export async function signInAtProvider(authorizeUrl: string, login: string, quireBase: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizeUrl);
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 10; step++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: jar.header() },
      ...(body ? { body } : {}),
    });
    jar.take(res);
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(quireBase)) return url;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action || !html.includes('name="login"')) throw new Error(`unexpected provider page: ${html}`);
    url = new URL(action.replace(/&amp;/g, "&"), url);
    body = new URLSearchParams({ prompt: "login", login, password: "any" });
  }
  throw new Error("the provider never redirected back to Quire");
}
