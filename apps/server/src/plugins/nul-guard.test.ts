import { describe, expect, it } from "vitest";
import { appForFile } from "../../test/support/app-for-file";
import { json } from "../../test/support/harness";
import { findNul } from "./nul-guard";

const t = appForFile();

describe("NUL characters", () => {
  it("are refused with 400 naming the field, on any route, before they reach the database", async () => {
    const token = await t.request("POST", "/api/auth/tokens", { as: "author", body: { name: "\u0000" } });
    expect(token.statusCode).toBe(400);
    expect(json<{ message: string }>(token).message).toBe("name: text must not contain NUL characters");
    const views = await t.request("PUT", "/api/auth/views", {
      as: "author",
      body: [{ name: "Mine", query: "tag=a\u0000b" }],
    });
    expect(views.statusCode).toBe(400);
    expect(json<{ message: string }>(views).message).toBe("[0].query: text must not contain NUL characters");
    // The same request without the NUL is accepted.
    expect(
      (await t.request("POST", "/api/auth/tokens", { as: "author", body: { name: "ci" } })).statusCode,
    ).toBe(201);
  });

  it("are found at any depth without recursion", () => {
    let deep: unknown = "a\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^(\[0\]){100000}$/);
    expect(findNul({ a: ["x", { b: "ok" }] })).toBeNull();
  });
});
