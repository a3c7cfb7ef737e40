import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile();

describe("the guided tour's completion", () => {
  it("is kept per user on the server, so another device knows it", async () => {
    expect(json(await t.request("GET", "/api/auth/tour", { as: "author" }))).toEqual({ completed: false });
    const put = await t.request("PUT", "/api/auth/tour", { as: "author", body: { completed: true } });
    expect(put.statusCode).toBe(200);
    expect(json(await t.request("GET", "/api/auth/tour", { as: "author" }))).toEqual({ completed: true });
    // Another user's flag is their own.
    expect(json(await t.request("GET", "/api/auth/tour", { as: "viewer" }))).toEqual({ completed: false });
    await t.request("PUT", "/api/auth/tour", { as: "author", body: { completed: false } });
    expect(json(await t.request("GET", "/api/auth/tour", { as: "author" }))).toEqual({ completed: false });
  });

  it("refuses a body that is not the flag, and a caller without a session", async () => {
    expect(
      (await t.request("PUT", "/api/auth/tour", { as: "author", body: { completed: "yes" } })).statusCode,
    ).toBe(400);
    expect((await t.request("PUT", "/api/auth/tour", { as: "author", body: {} })).statusCode).toBe(400);
    expect((await t.request("GET", "/api/auth/tour", { as: null })).statusCode).toBe(401);
    expect(
      (await t.request("PUT", "/api/auth/tour", { as: null, body: { completed: true } })).statusCode,
    ).toBe(401);
  });
});
