import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, categoryGroupAccess, documents, groupMembers, groups } from "../db/schema";
import { demoAppForFile, uploadDraft } from "../../test/support/review-helpers";
import { json, multipart } from "../../test/support/harness";

/** Levels decide where a role may act: uploads need add, changes need edit, assignees must see. */
const { t, ids } = demoAppForFile();
let viewOnly: string;
let hidden: string;

beforeAll(async () => {
  const [group] = await t.ctx.db.insert(groups).values({ name: "Readers" }).returning({ id: groups.id });
  await t.ctx.db.insert(groupMembers).values({ groupId: group!.id, userId: ids.author! });
  const add = async (name: string) =>
    (
      await t.ctx.db
        .insert(categories)
        .values({ name, everyoneAccess: "none" })
        .returning({ id: categories.id })
    )[0]!.id;
  viewOnly = await add("Zz view only");
  hidden = await add("Zz hidden");
  await t.ctx.db
    .insert(categoryGroupAccess)
    .values({ categoryId: viewOnly, groupId: group!.id, access: "view" });
});

const upload = (categoryId: string) => {
  const { body, headers } = multipart(
    { categoryId, title: "Level probe", allowDuplicate: "true" },
    { name: "probe.md", bytes: Buffer.from("# Probe\n\nText.\n") },
  );
  return t.request("POST", "/api/documents/upload", { as: "author", body, headers });
};

describe("levels decide where", () => {
  it("answers an upload into a category the author cannot see like an unknown one (400), and 403 with view only", async () => {
    const unknown = await upload("no-such-category");
    const unseen = await upload(hidden);
    expect([unknown.statusCode, unseen.statusCode]).toEqual([400, 400]);
    expect(json(unseen)).toEqual(json(unknown));
    const viewed = await upload(viewOnly);
    expect(viewed.statusCode).toBe(403);
    expect(json<{ message: string }>(viewed).message).toMatch(/view this category but not add/);
    const categories = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "author" }),
    );
    expect(categories.some((c) => c.id === hidden)).toBe(false);
    expect(categories.some((c) => c.id === viewOnly)).toBe(true);
  });

  it("lets an owner keep seeing a document without edit in its category, but not change it", async () => {
    const doc = await uploadDraft(t, "author", "Owner without edit");
    await t.ctx.db.update(documents).set({ categoryId: viewOnly }).where(eq(documents.id, doc));
    const read = await t.request("GET", `/api/documents/${doc}`, { as: "author" });
    expect(read.statusCode).toBe(200);
    expect(json<{ abilities: Record<string, boolean> }>(read).abilities).toMatchObject({
      update: false,
      createVersion: false,
      archive: false,
      // Narrowing who sees it needs no level: it is still hers to share.
      share: true,
    });
    const patch = await t.request("PATCH", `/api/documents/${doc}`, { as: "author", body: { tags: ["x"] } });
    expect(patch.statusCode).toBe(403);
    expect(
      (await t.request("GET", `/api/documents/${doc}/access/holders`, { as: "author" })).statusCode,
    ).toBe(200);
    expect((await t.request("GET", `/api/documents/${doc}`, { as: "viewer" })).statusCode).toBe(404);
  });

  it("refuses to assign a reviewer who could not see the document, naming them", async () => {
    const doc = await uploadDraft(t, "author", "Assignment probe");
    await t.ctx.db.update(documents).set({ categoryId: viewOnly }).where(eq(documents.id, doc));
    // The author can submit only with edit: give the author's group edit for this case.
    await t.ctx.db
      .update(categoryGroupAccess)
      .set({ access: "edit" })
      .where(eq(categoryGroupAccess.categoryId, viewOnly));
    const res = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "author",
      body: { reviewers: [ids.reviewer], approverId: ids.approver },
    });
    expect(res.statusCode).toBe(400);
    expect(json<{ message: string }>(res).message).toMatch(/^reviewers: reviewer cannot see this document/);
    expect((await t.request("GET", `/api/documents/${doc}`, { as: "author" })).statusCode).toBe(200);
    await t.ctx.db
      .update(categoryGroupAccess)
      .set({ access: "view" })
      .where(eq(categoryGroupAccess.categoryId, viewOnly));
  });

  it("refuses an approver left out of a document's restriction, and takes them once it names them", async () => {
    const doc = await uploadDraft(t, "author", "Restricted assignment probe");
    const restrict = (userIds: string[]) =>
      t.request("PUT", `/api/documents/${doc}/access`, {
        as: "author",
        body: { restricted: true, userIds, groupIds: [] },
      });
    expect((await restrict([ids.reviewer!])).statusCode).toBe(200);
    const submit = () =>
      t.request("POST", `/api/documents/${doc}/submit-review`, {
        as: "author",
        body: { reviewers: [ids.reviewer], approverId: ids.approver },
      });
    const refused = await submit();
    expect(refused.statusCode).toBe(400);
    expect(json<{ message: string }>(refused).message).toMatch(
      /^approverId: approver cannot see this document/,
    );
    // Nothing was assigned: neither of them is told about, nor can open, the draft.
    expect((await t.request("GET", `/api/documents/${doc}`, { as: "approver" })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/documents/${doc}`, { as: "reviewer" })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/documents/${doc}/approval`, { as: "author" })).statusCode).toBe(404);
    expect((await restrict([ids.reviewer!, ids.approver!])).statusCode).toBe(200);
    const taken = await submit();
    expect(taken.statusCode, taken.body).toBeLessThan(300);
    expect((await t.request("GET", `/api/documents/${doc}`, { as: "approver" })).statusCode).toBe(200);
  });
});

describe("a Draft is seen by the assignees of the round open now, not of rounds that ended", () => {
  const later = () => t.clock.advance(1000);
  /** What `as` finds of the document: its page, its place in the list, a search for its own word. */
  const reach = async (as: string, doc: string, word: string) => {
    await t.runner.runUntilIdle();
    const page = await t.request("GET", `/api/documents/${doc}`, { as });
    const list = json<Array<{ id: string }>>(await t.request("GET", "/api/documents?pageSize=100", { as }));
    const found = json<Array<{ document: { id: string } }>>(
      await t.request("GET", `/api/search?q=${word}`, { as }),
    );
    return {
      page: page.statusCode,
      listed: list.some((d) => d.id === doc),
      found: found.some((r) => r.document.id === doc),
    };
  };
  const hiddenFrom = { page: 404, listed: false, found: false };

  it("keeps a settled round's reviewer and approver out of the next draft", async () => {
    const doc = await uploadDraft(t, "author", "Settled round probe");
    const submit = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "author",
      body: { reviewers: [ids.reviewer2], approverId: ids.approver },
    });
    expect(submit.statusCode, submit.body).toBe(201);
    later();
    const review = await t.request("PATCH", `/api/documents/${doc}/approval`, {
      as: "reviewer2",
      body: { status: "Approved", comment: "fine" },
    });
    expect(review.statusCode, review.body).toBe(200);
    later();
    const decision = await t.request("PATCH", `/api/documents/${doc}/approval`, {
      as: "approver",
      body: { approverStatus: "Rejected", approverComment: "no" },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    later();
    const next = await t.request("POST", `/api/documents/${doc}/versions`, {
      as: "author",
      body: { content: "# Settled round probe\n\nThe quorlantine clause is new.\n", expectedVersion: 1 },
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(json<{ status: string }>(next).status).toBe("Draft");
    expect(await reach("reviewer2", doc, "quorlantine")).toEqual(hiddenFrom);
    expect(await reach("approver", doc, "quorlantine")).toEqual(hiddenFrom);
    expect((await reach("author", doc, "quorlantine")).page).toBe(200);
  });

  it("keeps a reviewer the Admin demotes out of the draft their withdrawn round leaves", async () => {
    const doc = await uploadDraft(t, "author", "Demoted reviewer probe");
    const next = await t.request("POST", `/api/documents/${doc}/versions`, {
      as: "author",
      body: { content: "# Demoted reviewer probe\n\nThe vellichord term applies.\n", expectedVersion: 1 },
    });
    expect(next.statusCode, next.body).toBe(201);
    const submit = await t.request("POST", `/api/documents/${doc}/submit-review`, {
      as: "author",
      body: { reviewers: [ids.reviewer2], approverId: ids.approver },
    });
    expect(submit.statusCode, submit.body).toBe(201);
    expect((await reach("reviewer2", doc, "vellichord")).page).toBe(200);
    const demote = (role: string) =>
      t.request("PATCH", `/api/users/${ids.reviewer2}`, { as: "admin", body: { role } });
    expect((await demote("Viewer")).statusCode).toBe(200);
    try {
      expect(
        json<{ status: string }>(await t.request("GET", `/api/documents/${doc}`, { as: "author" })).status,
      ).toBe("Draft");
      expect(await reach("reviewer2", doc, "vellichord")).toEqual(hiddenFrom);
    } finally {
      expect((await demote("Reviewer")).statusCode).toBe(200);
    }
    // Back in the role, still nothing: only a new round would grant the draft again.
    expect(await reach("reviewer2", doc, "vellichord")).toEqual(hiddenFrom);
  });
});

describe("unknown ids in an access list", () => {
  it("are named five at most, with the count, for a document's users and a category's groups", async () => {
    const made = Array.from({ length: 500 }, (_, i) => `nobody-${i}-${"y".repeat(900)}`);
    const doc = await uploadDraft(t, "author", "Unknown ids probe");
    const users = await t.request("PUT", `/api/documents/${doc}/access`, {
      as: "author",
      body: { restricted: true, userIds: made, groupIds: [] },
    });
    expect(users.statusCode).toBe(400);
    expect(json<{ message: string }>(users).message).toMatch(
      /^Unknown user: nobody-0-y+…, nobody-1-y+…, nobody-2-y+…, nobody-3-y+…, nobody-4-y+… and 495 more \(500 in all\)$/,
    );
    expect(users.body.length).toBeLessThan(600);
    const groups = await t.request("PUT", `/api/categories/${viewOnly}/access`, {
      as: "admin",
      body: { everyone: "none", groups: made.map((groupId) => ({ groupId, access: "view" })) },
    });
    expect(groups.statusCode).toBe(400);
    expect(json<{ message: string }>(groups).message).toMatch(
      /^Unknown group: nobody-0-y+…, .* and 495 more \(500 in all\)$/,
    );
    expect(groups.body.length).toBeLessThan(600);
  });
});
