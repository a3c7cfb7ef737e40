import type { SavedView } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile();

describe("saved views", () => {
  it("are kept per user on the server", async () => {
    expect(json(await t.request("GET", "/api/auth/views", { as: "author" }))).toEqual([]);
    const views: SavedView[] = [{ name: "Finance drafts", query: "status=Draft&tag=finance" }];
    const put = await t.request("PUT", "/api/auth/views", { as: "author", body: views });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(await t.request("GET", "/api/auth/views", { as: "author" }))).toEqual(views);
    // Another user has their own (empty) list, and the organisation settings do not show them.
    expect(json(await t.request("GET", "/api/auth/views", { as: "viewer" }))).toEqual([]);
    expect(JSON.stringify(json(await t.request("GET", "/api/settings", { as: "admin" })))).not.toContain(
      "Finance drafts",
    );
  });

  it("refuse malformed or oversized lists and anonymous callers", async () => {
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ name: `v${i}`, query: "" }));
    expect((await t.request("PUT", "/api/auth/views", { as: "author", body: tooMany })).statusCode).toBe(400);
    const blank = [{ name: "  ", query: "" }];
    expect((await t.request("PUT", "/api/auth/views", { as: "author", body: blank })).statusCode).toBe(400);
    expect((await t.request("GET", "/api/auth/views", { as: null })).statusCode).toBe(401);
  });
});
