import { describe, expect, it } from "vitest";
import { appForFile } from "../test/support/app-for-file";
import { json } from "../test/support/harness";

const t = appForFile();

describe("API documentation", () => {
  it("describes every API route from its schemas, for signed-in users and token clients", async () => {
    const created = await t.request("POST", "/api/auth/tokens", { as: "viewer", body: { name: "docs" } });
    const { token } = json<{ token: string }>(created);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/docs/json",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const spec = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      res,
    );
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(["/api/documents/upload", "/api/documents/{id}", "/api/auth/login"]),
    );
    expect(spec.paths["/api/auth/login"]?.post?.requestBody).toBeDefined();
  });

  it("serves Swagger UI at /api/docs without inline scripts", async () => {
    const res = await t.request("GET", "/api/docs", { as: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain("swagger-ui-bundle.js");
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect((await t.request("GET", "/api/docs/json")).statusCode).toBe(401);
  });
});
