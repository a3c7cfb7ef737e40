import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The repository's own lint rules, run through ESLint's API on broken examples at the paths
 * they would live at: each rule must fail its example (and pass the fixed one), so a rule that
 * stopped matching would fail here instead of silently letting the pattern back in.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function messagesFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const SERVICE = "apps/server/src/modules/example/service.ts";
const ROUTES = "apps/server/src/modules/example/routes.ts";
const COMPONENT = "apps/web/src/features/example/components/example.tsx";

describe("a permission check outside the registry fails lint", () => {
  it("comparing a role with a role name in server code outside policies/", async () => {
    const broken = `export const mayApprove = (actor: { role: string }) => actor.role === "Approver";\n`;
    expect(await messagesFor(broken, SERVICE)).toEqual([
      expect.stringMatching(/permission check outside the registry/),
    ]);
    const reversed = `export const admin = (user: { role: string }) => "Admin" !== user.role;\n`;
    expect(await messagesFor(reversed, SERVICE)).toHaveLength(1);
    const switched = `export function f(role: string) {\n  switch (role) {\n    case "Reviewer":\n      return 1;\n  }\n  return 0;\n}\n`;
    expect(await messagesFor(switched, SERVICE)).toHaveLength(1);
  });

  it("the same comparison inside the registry is its job", async () => {
    const rule = `export const isAdmin = (role: string) => role === "Admin";\n`;
    expect(await messagesFor(rule, "apps/server/src/policies/example.ts")).toEqual([]);
    const asked = `import { mayHoldDuty } from "../../policies/policy";\nexport const ok = (role: string) => mayHoldDuty(role, "approve");\n`;
    expect(await messagesFor(asked, SERVICE)).toEqual([]);
  });

  it("a route handler that authorises itself instead of naming its action in route config", async () => {
    const broken = [
      `import type { FastifyInstance } from "fastify";`,
      `import { authorizeGlobal, type Actor } from "../../policies/policy";`,
      `export function routes(app: FastifyInstance, actor: Actor) {`,
      `  app.get("/x", async () => {`,
      `    authorizeGlobal(actor, "user.manage");`,
      `    return {};`,
      `  });`,
      `}`,
      ``,
    ].join("\n");
    expect(await messagesFor(broken, ROUTES)).toEqual([expect.stringMatching(/route config/)]);
    expect(await messagesFor(broken, "apps/server/src/modules/example/write-routes.ts")).toHaveLength(1);
    const configured = `import type { FastifyInstance } from "fastify";\nexport function routes(app: FastifyInstance) {\n  app.get("/x", { config: { allow: "user.manage" } }, async () => ({}));\n}\n`;
    expect(await messagesFor(configured, ROUTES)).toEqual([]);
  });
});

describe("a role comparison in the web fails lint", () => {
  it("comparing the signed-in user's role, or anyone's role with a role name", async () => {
    const own = `export const canUpload = (user: { role: string }) => user.role === "Author";\n`;
    expect(await messagesFor(own, COMPONENT)).toEqual(
      expect.arrayContaining([expect.stringMatching(/role comparison in the web/)]),
    );
    const chained = `export const admin = (user?: { role: string }) => user?.role !== other;\ndeclare const other: string;\n`;
    expect(await messagesFor(chained, COMPONENT)).toEqual([expect.stringMatching(/abilities/)]);
    const anyone = `export const reviewers = (us: { role: string }[]) => us.filter((u) => u.role === "Reviewer");\n`;
    expect(await messagesFor(anyone, COMPONENT)).toHaveLength(1);
  });

  it("showing a role, or picking a different one, compares no role name", async () => {
    const picker = `export const changed = (value: string, user: { role: string }) => value !== user.role;\nexport const label = (user: { role: string }) => \`Role: \${user.role}\`;\n`;
    expect(await messagesFor(picker, COMPONENT)).toEqual([]);
  });
});

describe("the web's data and date rules (formerly source-text tests)", () => {
  it("a date formatted outside lib/format.ts", async () => {
    const broken = `export const day = (d: Date) => d.toLocaleDateString();\nexport const iso = (d: Date) => d.toISOString().slice(0, 10);\n`;
    expect(await messagesFor(broken, COMPONENT)).toHaveLength(2);
    expect(await messagesFor(broken, "apps/web/src/lib/format.ts")).toEqual([]);
  });

  it("fetching, decoding or casting an answer outside the API client", async () => {
    const broken = [
      `export async function load() {`,
      `  const res = await fetch("/api/x");`,
      `  const raw = JSON.parse(await res.text());`,
      `  return { raw, key: { queryKey: ["x"] }, typed: (await res.json()) as Thing };`,
      `}`,
      `interface Thing { id: string }`,
      ``,
    ].join("\n");
    // fetch, JSON.parse, res.text(), the literal query key, res.json() and the cast.
    expect(await messagesFor(broken, COMPONENT)).toHaveLength(6);
    const client = `export async function get(url: string) {\n  const res = await fetch(url);\n  return JSON.parse(await res.text()) as unknown;\n}\n`;
    expect(await messagesFor(client, "apps/web/src/lib/api-client.ts")).toEqual([]);
  });
});
