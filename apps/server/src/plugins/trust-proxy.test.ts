import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/support/harness";

/** Signs in with an HTTPS proxy's headers and answers whether the session cookie came back Secure. */
async function cookieIsSecure(t: TestApp): Promise<boolean> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: "viewer", password: t.config.demoPassword },
    headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === "quire_session");
  return cookie?.secure === true;
}

describe("TRUST_PROXY", () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it("off by default: forwarded headers are not believed, so a client cannot fake its address or protocol", async () => {
    expect(direct.config.trustProxy).toBe(false);
    expect(await cookieIsSecure(direct)).toBe(false);
  });

  it("on behind an HTTPS proxy: the session cookie is Secure", async () => {
    expect(await cookieIsSecure(proxied)).toBe(true);
  });

  it("accepts a hop count or the proxies' addresses, and refuses anything else at start-up", async () => {
    const { loadConfig } = await import("../config");
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });
});
