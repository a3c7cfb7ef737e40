import type { UserListItem } from "@quire/contracts";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity } from "../../db/schema";
import { json } from "../../../test/support/harness";
import {
  demoAppForFile,
  draftInReview,
  latestWithdrawal,
  statusOf,
} from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

const setDisabled = (userId: string, disabled: boolean, as = "admin") =>
  t.request("PATCH", `/api/users/${userId}`, { as, body: { disabled } });

const signIn = (username: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { username, password: "demo" } });

const listed = async (query = "", as = "admin") =>
  json<UserListItem[]>(await t.request("GET", `/api/users${query}`, { as }));

describe("disabling a user (offboarding)", () => {
  it("cuts the person off at once: sessions, API tokens, sign-in and the reviews waiting on them", async () => {
    const session = await t.cookieFor("reviewer2");
    const made = await t.request("POST", "/api/auth/tokens", { as: "reviewer2", body: { name: "laptop" } });
    const { token } = json<{ token: string }>(made);
    const doc = await draftInReview(t, ids, "Offboarding policy");

    const res = await setDisabled(ids.reviewer2!, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ username: "reviewer2", disabled: true });

    const withSession = await t.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: session },
    });
    expect(withSession.statusCode).toBe(401);
    const withToken = await t.app.inject({
      method: "GET",
      url: "/api/documents/stats",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(401);
    expect((await signIn("reviewer2")).statusCode).toBe(401);

    expect(await statusOf(t, doc)).toBe("Draft");
    expect((await latestWithdrawal(t, doc))?.comment).toMatch(
      /reviewer2 can no longer open it \(their account was disabled\)/,
    );

    const [entry] = await t.ctx.db
      .select()
      .from(activity)
      .where(eq(activity.action, "Disabled user"))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(entry).toMatchObject({ subjectType: "user", subjectId: ids.reviewer2, userId: ids.admin });
  });

  it("keeps a disabled member in their groups, and a group listing them still saves", async () => {
    const made = await t.request("POST", "/api/groups", {
      as: "admin",
      body: { name: "Departed", memberIds: [ids.reviewer2, ids.reviewer] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const group = json<{ id: string; memberIds: string[] }>(made);
    // What the group dialog sends when only the name changes: every member it was shown.
    const renamed = await t.request("PATCH", `/api/groups/${group.id}`, {
      as: "admin",
      body: { name: "Departed team", memberIds: group.memberIds },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json<{ memberIds: string[] }>(renamed).memberIds).toContain(ids.reviewer2);
  });

  it("lists a disabled user only to Admins who ask, and enables them again", async () => {
    expect((await listed()).map((u) => u.username)).not.toContain("reviewer2");
    const all = await listed("?includeDisabled=true");
    expect(all.find((u) => u.username === "reviewer2")).toMatchObject({ disabled: true });
    expect((await t.request("GET", "/api/users?includeDisabled=true", { as: "author" })).statusCode).toBe(
      403,
    );

    const res = await setDisabled(ids.reviewer2!, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ disabled?: boolean }>(res).disabled).toBeUndefined();
    expect((await signIn("reviewer2")).statusCode).toBe(200);
    expect((await listed()).map((u) => u.username)).toContain("reviewer2");
  });

  it("refuses an Admin disabling themselves, non-Admins, and a body that changes nothing", async () => {
    const self = await setDisabled(ids.admin!, true);
    expect(self.statusCode).toBe(409);
    expect(json<{ message: string }>(self).message).toBe("You cannot disable your own account");
    expect((await setDisabled(ids.viewer!, true, "author")).statusCode).toBe(403);
    const empty = await t.request("PATCH", `/api/users/${ids.viewer}`, { as: "admin", body: {} });
    expect(empty.statusCode).toBe(400);
    expect(json<{ message: string }>(empty).message).toMatch(/role or disabled is required/);
    expect((await setDisabled("00000000-0000-0000-0000-000000000000", true)).statusCode).toBe(404);
    expect((await signIn("viewer")).statusCode).toBe(200);
  });
});
