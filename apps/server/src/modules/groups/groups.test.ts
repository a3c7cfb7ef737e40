import type { Group } from "@quire/contracts";
import { groupSchema } from "@quire/contracts";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, groupMembers } from "../../db/schema";
import { json } from "../../../test/support/harness";
import { demoAppForFile } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

const lastEntry = async () => {
  const [row] = await t.ctx.db.select().from(activity).orderBy(desc(activity.id)).limit(1);
  return row;
};

async function create(name: string, memberIds: string[] = []): Promise<Group> {
  const res = await t.request("POST", "/api/groups", { as: "admin", body: { name, memberIds } });
  expect(res.statusCode, res.body).toBe(201);
  return groupSchema.parse(json(res));
}

describe("groups", () => {
  it("an Admin creates a group with members; the audit trail names it", async () => {
    const group = await create("HR team", [ids.author!, ids.viewer!, ids.viewer!]);
    expect(group).toMatchObject({ name: "HR team", memberCount: 2, description: "" });
    expect(group.memberIds).toEqual([ids.author, ids.viewer].sort());
    expect(await lastEntry()).toMatchObject({
      action: "Created group",
      subjectType: "group",
      subjectId: group.id,
      userId: ids.admin,
    });
    const trail = json<{ items: Array<{ action: string; subjectName: string | null }> }>(
      await t.request("GET", "/api/activity?subjectType=group", { as: "admin" }),
    );
    expect(trail.items[0]).toMatchObject({ action: "Created group", subjectName: "HR team" });
  });

  it("lists names to everyone signed in, members to Admins only", async () => {
    const forAdmin = json<Group[]>(await t.request("GET", "/api/groups", { as: "admin" }));
    const hr = forAdmin.find((g) => g.name === "HR team");
    expect(hr?.memberIds).toHaveLength(2);
    for (const as of ["author", "viewer", "reviewer"]) {
      const res = await t.request("GET", "/api/groups", { as });
      expect(res.statusCode).toBe(200);
      const listed = json<Group[]>(res).find((g) => g.name === "HR team");
      expect(listed).toMatchObject({ name: "HR team", memberCount: 2 });
      expect(listed).not.toHaveProperty("memberIds");
    }
  });

  it("refuses a duplicate name (any case) with 409 and an unknown member with 400, changing nothing", async () => {
    const before = await lastEntry();
    const dup = await t.request("POST", "/api/groups", { as: "admin", body: { name: "hr TEAM" } });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toEqual({ message: "A group named 'hr TEAM' already exists", code: "conflict" });
    const unknown = await t.request("POST", "/api/groups", {
      as: "admin",
      body: { name: "Ghosts", memberIds: ["no-such-user"] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toEqual({ message: "Unknown user: no-such-user", code: "invalid" });
    const empty = await t.request("POST", "/api/groups", { as: "admin", body: { name: "  " } });
    expect(empty.statusCode).toBe(400);
    expect((await lastEntry())?.id).toBe(before?.id);
    const names = json<Group[]>(await t.request("GET", "/api/groups", { as: "admin" })).map((g) => g.name);
    expect(names).not.toContain("Ghosts");
  });

  it("names the first five unknown members and counts the rest, however many and long they are", async () => {
    const made = Array.from({ length: 1000 }, (_, i) => `ghost-${i}-${"x".repeat(900)}`);
    const res = await t.request("POST", "/api/groups", {
      as: "admin",
      body: { name: "Many ghosts", memberIds: made },
    });
    expect(res.statusCode).toBe(400);
    const { message } = json<{ message: string }>(res);
    expect(message).toMatch(/^Unknown user: ghost-0-x+…, ghost-1-x+…, ghost-2-x+…, ghost-3-x+…, ghost-4-x+…/);
    expect(message).toMatch(/ and 995 more \(1,000 in all\)$/);
    expect(message).not.toContain("ghost-5-");
    expect(res.body.length).toBeLessThan(600);
  });

  it("renames and changes members; the entry says who joined and left", async () => {
    const group = await create("Legal", [ids.approver!]);
    const res = await t.request("PATCH", `/api/groups/${group.id}`, {
      as: "admin",
      body: { name: "Legal team", memberIds: [ids.reviewer!] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ name: "Legal team", memberIds: [ids.reviewer], memberCount: 1 });
    expect(await lastEntry()).toMatchObject({
      action: "Changed group",
      data: { name: "Legal team", from: "Legal", added: [ids.reviewer], removed: [ids.approver] },
    });
    const clash = await t.request("PATCH", `/api/groups/${group.id}`, {
      as: "admin",
      body: { name: "HR Team" },
    });
    expect(clash.statusCode).toBe(409);
    const bad = await t.request("PATCH", `/api/groups/${group.id}`, {
      as: "admin",
      body: { memberIds: ["x"] },
    });
    expect(bad.statusCode).toBe(400);
    const nothing = await t.request("PATCH", `/api/groups/${group.id}`, { as: "admin", body: {} });
    expect(nothing.statusCode).toBe(400);
    const missing = await t.request("PATCH", "/api/groups/nope", { as: "admin", body: { name: "X" } });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a group with its memberships; only Admins change groups", async () => {
    const group = await create("Finance", [ids.author!]);
    for (const as of ["author", "reviewer", "approver", "viewer"]) {
      expect((await t.request("DELETE", `/api/groups/${group.id}`, { as })).statusCode).toBe(403);
      expect((await t.request("POST", "/api/groups", { as, body: { name: `By ${as}` } })).statusCode).toBe(
        403,
      );
      const patch = await t.request("PATCH", `/api/groups/${group.id}`, { as, body: { name: "Mine" } });
      expect(patch.statusCode).toBe(403);
    }
    expect((await t.request("DELETE", `/api/groups/${group.id}`, { as: "admin" })).statusCode).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: "Deleted group", data: { name: "Finance" } });
    const left = await t.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(left).toEqual([]);
    expect((await t.request("DELETE", `/api/groups/${group.id}`, { as: "admin" })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/groups/${group.id}`, { as: "viewer" })).statusCode).toBe(404);
  });
});
