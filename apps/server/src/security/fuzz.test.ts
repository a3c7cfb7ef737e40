import { roles, type Role } from "@quire/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { appForFile } from "../../test/support/app-for-file";
import { json, multipart } from "../../test/support/harness";

/** Requests per run: the CI size by default; FUZZ_RUNS=10000 (npm run reliability) for the full run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

const t = appForFile();
const tokens = new Map<Role, string>();
let documentId = "";
beforeAll(async () => {
  const usernames: Record<Role, string> = {
    Admin: "admin",
    Author: "author",
    Reviewer: "reviewer",
    Approver: "approver",
    Viewer: "viewer",
  };
  for (const role of roles) {
    const res = await t.request("POST", "/api/auth/tokens", { as: usernames[role], body: { name: "fuzz" } });
    tokens.set(role, json<{ token: string }>(res).token);
  }
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "author" }));
  const { body, headers } = multipart(
    { categoryId: categories[0]!.id, title: "Fuzz target" },
    { name: "a.md", bytes: Buffer.from("# A\n\nText.\n") },
  );
  documentId = json<{ id: string }>(
    await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
  ).id;
});

/** Everything a request could change, in one comparable value. */
async function stateDigest(): Promise<string> {
  const result = await t.ctx.db.execute(sql`
    select (select count(*) from documents) d, (select count(*) from versions) v, (select count(*) from categories) c,
      (select count(*) from users) u, (select count(*) from approvals) a, (select count(*) from activity) ac,
      (select count(*) from notifications where read_at is null) n, (select count(*) from api_tokens where revoked_at is null) tk,
      (select count(*) from settings) s, (select coalesce(max(updated_at)::text, '') from documents) du,
      (select string_agg(role, ',' order by id) from users) ur, (select string_agg(name, ',' order by id) from categories) cn`);
  return JSON.stringify(rowsOf(result));
}

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "😀".repeat(30),
    "-1",
    "9".repeat(30),
    "NaN",
    "null",
    " ",
  ),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constant("x".repeat(2000)),
);
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const bodyArbitrary = fc.oneof(
  jsonValue.map((v) => ({ payload: JSON.stringify(v), type: "application/json" })),
  hostile.map((s) => ({ payload: s, type: "application/json" })),
  hostile.map((s) => ({ payload: s, type: "text/plain" })),
  fc.constant({
    payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
    type: "multipart/form-data; boundary=x",
  }),
  fc
    .record(
      {
        title: hostile,
        categoryId: hostile,
        tags: fc.array(hostile, { maxLength: 3 }),
        content: hostile,
        expectedVersion: fc.oneof(fc.integer(), hostile),
        role: hostile,
        name: hostile,
        username: hostile,
        password: hostile,
        reviewers: fc.array(hostile, { maxLength: 3 }),
        approverId: hostile,
        status: hostile,
        comment: hostile,
        question: hostile,
      },
      { requiredKeys: [] },
    )
    .map((v) => ({ payload: JSON.stringify(v), type: "application/json" })),
);

describe("fuzzing every route", () => {
  it(
    `never answers 5xx, and a refused request changes nothing (${RUNS} requests)`,
    { timeout: 600_000 },
    async () => {
      const routes = t.app.routeList.filter(
        (r) => r.url.startsWith("/api") && r.url !== "/api/events" && !r.url.includes("*"),
      );
      expect(routes.length).toBeGreaterThan(40);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes),
          fc.constantFrom<Role | null>(null, ...roles),
          fc.array(fc.oneof(hostile, fc.constant(documentId), fc.constant("1")), {
            minLength: 3,
            maxLength: 3,
          }),
          fc.dictionary(
            fc.constantFrom(
              "q",
              "category",
              "status",
              "sort",
              "page",
              "pageSize",
              "limit",
              "version",
              "mode",
            ),
            hostile,
            { maxKeys: 3 },
          ),
          bodyArbitrary,
          async (route, role, params, query, body) => {
            let i = 0;
            const path = route.url.replace(/:[a-zA-Z]+/g, () =>
              encodeURIComponent(params[i++ % params.length] ?? "x"),
            );
            const changes = route.method !== "GET";
            const before = changes ? await stateDigest() : "";
            const headers: Record<string, string> = {};
            if (role) headers.authorization = `Bearer ${tokens.get(role)}`;
            if (changes) headers["content-type"] = body.type;
            const res = await t.app.inject({
              method: route.method as InjectOptions["method"],
              url: path,
              query,
              headers,
              ...(changes ? { payload: body.payload } : {}),
            });
            expect(
              res.statusCode,
              `${route.method} ${path} → ${res.statusCode} ${res.body.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (changes && res.statusCode >= 400) {
              expect(
                await stateDigest(),
                `${route.method} ${path} answered ${res.statusCode} but changed state`,
              ).toBe(before);
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    },
  );
});
