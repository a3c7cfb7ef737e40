import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile();

describe("waitlist", () => {
  it("stores an address once, lowercased, without a session", async () => {
    const first = await t.request("POST", "/api/waitlist", {
      as: null,
      body: { email: " Ada@Example.COM " },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first)).toEqual({ email: "ada@example.com", joined: true });
    const again = await t.request("POST", "/api/waitlist", { as: null, body: { email: "ada@example.com" } });
    expect(again.statusCode).toBe(200);
    const list = json<{ email: string }[]>(await t.request("GET", "/api/waitlist", { as: "admin" }));
    expect(list.filter((e) => e.email === "ada@example.com")).toHaveLength(1);
  });

  it("answers 400 to an address that is not one", async () => {
    for (const email of ["not-an-email", "", "a@", 42]) {
      const res = await t.request("POST", "/api/waitlist", { as: null, body: { email } });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ message: expect.any(String), code: "invalid" });
    }
    const missing = await t.request("POST", "/api/waitlist", { as: null, body: {} });
    expect(missing.statusCode).toBe(400);
  });

  it("takes at most 10 sign-ups a minute from one address, then answers 429 and stores nothing", async () => {
    const join = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: { email: `flood-${i}@example.org` },
        remoteAddress: "198.51.100.23",
      });
    for (let i = 0; i < 10; i++) expect((await join(i)).statusCode).toBe(201);
    const refused = await join(10);
    expect(refused.statusCode).toBe(429);
    expect(json<{ message: string }>(refused).message).toMatch(/^Too many requests: at most 10 per minute/);
    const list = json<{ email: string }[]>(await t.request("GET", "/api/waitlist", { as: "admin" }));
    expect(list.filter((e) => e.email.startsWith("flood-"))).toHaveLength(10);
    // Another address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { email: "someone@example.org" },
      remoteAddress: "198.51.100.24",
    });
    expect(other.statusCode).toBe(201);
  });

  it("lists the addresses for Admin only", async () => {
    expect((await t.request("GET", "/api/waitlist", { as: "admin" })).statusCode).toBe(200);
    for (const as of ["author", "reviewer", "approver", "viewer"]) {
      expect((await t.request("GET", "/api/waitlist", { as })).statusCode).toBe(403);
    }
    expect((await t.request("GET", "/api/waitlist", { as: null })).statusCode).toBe(401);
  });
});
