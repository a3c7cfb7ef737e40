import { describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { users } from "../../db/schema";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile({ env: { DEMO: "false" } });

describe("with demo mode off", () => {
  it("seeds no users and shows no demo password", async () => {
    const [row] = await t.ctx.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(0);
    const options = json(await t.request("GET", "/api/auth/login"));
    expect(options).toEqual({ demo: false, demoPassword: null, demoUsers: [], sso: null, localLogin: true });
  });

  it("answers 404 to the demo role switch", async () => {
    const created = await t.ctx.db
      .insert(users)
      .values({
        username: "root",
        role: "Admin",
        passwordHash: await import("../../lib/passwords").then((m) => m.hashPassword("a-strong-password")),
      })
      .returning();
    expect(created).toHaveLength(1);
    const cookie = await t.cookieFor("root", "a-strong-password");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/demo-role",
      headers: { cookie },
      payload: { role: "Admin" },
    });
    expect(res.statusCode).toBe(404);
  });
});
