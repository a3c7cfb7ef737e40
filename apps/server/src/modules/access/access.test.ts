import {
  accessHoldersSchema,
  categoryAccessSchema,
  documentAccessSchema,
  type Category,
  type Group,
} from "@quire/contracts";
import { desc, eq, gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, documents } from "../../db/schema";
import { json, multipart } from "../../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();
let hr: Group;
let legal: Group;
let category: Category;
beforeAll(async () => {
  const make = async (name: string, members: string[]) =>
    json<Group>(await t.request("POST", "/api/groups", { as: "admin", body: { name, memberIds: members } }));
  hr = await make("HR team", [ids.viewer!, ids.reviewer!]);
  legal = await make("Legal", [ids.approver!]);
  const cats = json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" }));
  // uploadDraft files into the first category; the second is the one these tests close.
  category = cats[1]!;
});

/** Entries written since `after`, sign-ins aside (the roles below sign in as they go). */
const changesSince = async (after: number | undefined) =>
  (
    await t.ctx.db
      .select()
      .from(activity)
      .where(gt(activity.id, after ?? 0))
  ).filter((e) => e.subjectType !== "session");

const lastEntry = async () => {
  const [row] = await t.ctx.db.select().from(activity).orderBy(desc(activity.id)).limit(1);
  return row;
};

/**
 * A document by the demo author, filed in the category under test. It is uploaded into another,
 * open category and moved here directly: the tests close this one, where the author may not add.
 */
async function documentInCategory(title: string, status: "Approved" | "Draft"): Promise<string> {
  const id = await uploadDraft(t, "author", title);
  await t.ctx.db.update(documents).set({ status, categoryId: category.id }).where(eq(documents.id, id));
  return id;
}
const approvedDocument = (title: string) => documentInCategory(title, "Approved");

describe("category access lists", () => {
  it("starts open to everyone for edit, with no groups", async () => {
    const res = await t.request("GET", `/api/categories/${category.id}/access`, { as: "admin" });
    expect(res.statusCode).toBe(200);
    expect(categoryAccessSchema.parse(json(res))).toEqual({
      categoryId: category.id,
      everyone: "edit",
      groups: [],
    });
  });

  it("an Admin sets everyone's level and group levels; one audit entry names both lists", async () => {
    const body = {
      everyone: "none",
      groups: [
        { groupId: hr.id, access: "view" },
        { groupId: legal.id, access: "edit" },
      ],
    };
    const res = await t.request("PUT", `/api/categories/${category.id}/access`, { as: "admin", body });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      categoryId: category.id,
      everyone: "none",
      groups: [
        { groupId: hr.id, access: "view" },
        { groupId: legal.id, access: "edit" },
      ],
    });
    expect(await lastEntry()).toMatchObject({
      action: "Changed category access",
      subjectType: "category",
      subjectId: category.id,
      userId: ids.admin,
      data: {
        name: category.name,
        from: { everyone: "edit", groups: [] },
        to: {
          everyone: "none",
          groups: [
            { group: "HR team", access: "view" },
            { group: "Legal", access: "edit" },
          ],
        },
      },
    });
    const again = json(await t.request("GET", `/api/categories/${category.id}/access`, { as: "admin" }));
    expect(again).toEqual(json(res));
  });

  it("refuses unknown or repeated groups and bad levels (400), unknown categories (404), other roles (403)", async () => {
    const before = await lastEntry();
    const put = (body: unknown, id = category.id, as = "admin") =>
      t.request("PUT", `/api/categories/${id}/access`, { as, body });
    expect((await put({ everyone: "view", groups: [{ groupId: "nope", access: "view" }] })).statusCode).toBe(
      400,
    );
    const twice = [
      { groupId: hr.id, access: "view" },
      { groupId: hr.id, access: "edit" },
    ];
    expect((await put({ everyone: "view", groups: twice })).statusCode).toBe(400);
    expect((await put({ everyone: "all", groups: [] })).statusCode).toBe(400);
    expect((await put({ everyone: "view", groups: [] }, "no-such-category")).statusCode).toBe(404);
    for (const as of ["author", "reviewer", "approver", "viewer"]) {
      expect((await put({ everyone: "edit", groups: [] }, category.id, as)).statusCode).toBe(403);
      const read = await t.request("GET", `/api/categories/${category.id}/access`, { as });
      expect(read.statusCode).toBe(403);
    }
    expect(await changesSince(before?.id)).toEqual([]);
  });

  it("a deleted group leaves the lists naming it", async () => {
    const temp = json<Group>(await t.request("POST", "/api/groups", { as: "admin", body: { name: "Temp" } }));
    await t.request("PUT", `/api/categories/${category.id}/access`, {
      as: "admin",
      body: {
        everyone: "none",
        groups: [
          { groupId: hr.id, access: "view" },
          { groupId: temp.id, access: "add" },
        ],
      },
    });
    await t.request("DELETE", `/api/groups/${temp.id}`, { as: "admin" });
    const after = json<{ groups: unknown[] }>(
      await t.request("GET", `/api/categories/${category.id}/access`, { as: "admin" }),
    );
    expect(after.groups).toEqual([{ groupId: hr.id, access: "view" }]);
  });
});

describe("document restriction and who has access", () => {
  it("the owner restricts a document to a user and a group; the trail says so", async () => {
    const doc = await approvedDocument("Salary bands");
    const initial = await t.request("GET", `/api/documents/${doc}/access`, { as: "author" });
    expect(documentAccessSchema.parse(json(initial))).toEqual({
      documentId: doc,
      restricted: false,
      userIds: [],
      groupIds: [],
    });
    const res = await t.request("PUT", `/api/documents/${doc}/access`, {
      as: "author",
      body: { restricted: true, userIds: [ids.reviewer2!, ids.reviewer2!], groupIds: [hr.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      documentId: doc,
      restricted: true,
      userIds: [ids.reviewer2],
      groupIds: [hr.id],
    });
    expect(await lastEntry()).toMatchObject({
      action: "Restricted document",
      documentId: doc,
      userId: ids.author,
      data: { restricted: true, users: ["reviewer2"], groups: ["HR team"] },
    });
    const lifted = await t.request("PUT", `/api/documents/${doc}/access`, {
      as: "admin",
      body: { restricted: false, userIds: [ids.viewer!], groupIds: [] },
    });
    expect(json(lifted)).toEqual({ documentId: doc, restricted: false, userIds: [], groupIds: [] });
    expect(await lastEntry()).toMatchObject({ action: "Removed restriction", userId: ids.admin });
  });

  it("lists every person who can open it and why, following category and document lists", async () => {
    const doc = await approvedDocument("Holders");
    // The first category is closed to everyone but HR team (view) by the tests above.
    const holders = async () =>
      accessHoldersSchema.parse(
        json(await t.request("GET", `/api/documents/${doc}/access/holders`, { as: "author" })),
      );
    const open = await holders();
    expect(open.map((h) => h.username)).toEqual(["admin", "author", "reviewer", "viewer"]);
    expect(open.find((h) => h.username === "viewer")?.reasons).toEqual([
      `Group HR team (view in ${category.name})`,
    ]);
    expect(open.find((h) => h.username === "author")?.reasons).toEqual(["Owner"]);
    await t.request("PUT", `/api/documents/${doc}/access`, {
      as: "author",
      body: { restricted: true, userIds: [ids.viewer!], groupIds: [] },
    });
    const narrowed = await holders();
    expect(narrowed.map((h) => h.username)).toEqual(["admin", "author", "viewer"]);
    expect(narrowed.find((h) => h.username === "viewer")?.reasons).toContain("Named on this document");
  });

  it("refuses unknown people (400); others get 403 when they can see it and 404 when they cannot", async () => {
    const setCategory = (everyone: string, groups: unknown[]) =>
      t.request("PUT", `/api/categories/${category.id}/access`, { as: "admin", body: { everyone, groups } });
    await setCategory("view", []);
    const doc = await approvedDocument("Refusals");
    const draft = await documentInCategory("Private draft", "Draft");
    const put = (as: string, body: unknown, id = doc) =>
      t.request("PUT", `/api/documents/${id}/access`, { as, body });
    const before = await lastEntry();
    expect((await put("author", { restricted: true, userIds: ["ghost"], groupIds: [] })).statusCode).toBe(
      400,
    );
    expect((await put("author", { restricted: true, userIds: [], groupIds: ["ghost"] })).statusCode).toBe(
      400,
    );
    for (const as of ["reviewer", "approver", "viewer"]) {
      expect((await put(as, { restricted: true, userIds: [], groupIds: [] })).statusCode).toBe(403);
      expect((await t.request("GET", `/api/documents/${doc}/access`, { as })).statusCode).toBe(403);
      expect((await t.request("GET", `/api/documents/${doc}/access/holders`, { as })).statusCode).toBe(403);
    }
    // Closed to all but HR team: the approver (outside it) no longer sees the document at all.
    await setCategory("none", [{ groupId: hr.id, access: "view" }]);
    expect((await put("approver", { restricted: true, userIds: [], groupIds: [] })).statusCode).toBe(404);
    expect((await put("viewer", { restricted: true, userIds: [], groupIds: [] })).statusCode).toBe(403);
    for (const path of [`/api/documents/${draft}/access`, `/api/documents/${draft}/access/holders`]) {
      expect((await t.request("GET", path, { as: "viewer" })).statusCode).toBe(404);
    }
    expect((await put("viewer", { restricted: true, userIds: [], groupIds: [] }, draft)).statusCode).toBe(
      404,
    );
    expect(
      (await put("admin", { restricted: true, userIds: [], groupIds: [] }, "no-such-doc")).statusCode,
    ).toBe(404);
    expect((await changesSince(before?.id)).map((e) => e.action)).toEqual(["Changed category access"]);
  });
});

describe("what a category offers each person", () => {
  it("says whether they may add documents there, by role and access list, agreeing with the upload", async () => {
    const cats = json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" }));
    const viewOnly = cats[2]!;
    const open = cats[0]!;
    await t.request("PUT", `/api/categories/${viewOnly.id}/access`, {
      as: "admin",
      body: { everyone: "view", groups: [] },
    });
    const offered = async (as: string) =>
      new Map(
        json<Category[]>(await t.request("GET", "/api/categories", { as })).map((c) => [
          c.id,
          c.abilities?.addDocuments,
        ]),
      );
    const author = await offered("author");
    expect([author.get(viewOnly.id), author.get(open.id)]).toEqual([false, true]);
    expect((await offered("viewer")).get(open.id)).toBe(false);
    expect((await offered("admin")).get(viewOnly.id)).toBe(true);
    const one = json<Category>(await t.request("GET", `/api/categories/${viewOnly.id}`, { as: "author" }));
    expect(one.abilities).toEqual({ addDocuments: false });
    // The upload agrees: refused where the category says no.
    await expect(uploadDraftInto(viewOnly.id)).resolves.toBe(403);
    await expect(uploadDraftInto(open.id)).resolves.toBe(201);
    await t.request("PUT", `/api/categories/${viewOnly.id}/access`, {
      as: "admin",
      body: { everyone: "edit", groups: [] },
    });
  });
});

async function uploadDraftInto(categoryId: string): Promise<number> {
  const { body, headers } = multipart(
    { title: "Filed", categoryId, allowDuplicate: "true" },
    { name: "filed.md", bytes: Buffer.from("# Filed\n\nText.\n") },
  );
  return (await t.request("POST", "/api/documents/upload", { as: "author", body, headers })).statusCode;
}
