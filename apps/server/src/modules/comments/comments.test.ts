import {
  COMMENT_MAX_LENGTH,
  type CommentList,
  type CommentThread,
  type Document,
  type Mentionable,
  type Notification,
} from "@quire/contracts";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, comments } from "../../db/schema";
import { json, multipart } from "../../../test/support/harness";
import { demoAppForFile } from "../../../test/support/review-helpers";

/**
 * Comments through the API on a real database: threads and replies, who may see, write, edit,
 * delete and resolve them, @mentions that notify only people who may read the document, the
 * version each comment was made on, bounded input, and one activity entry per change.
 */
const { t, ids } = demoAppForFile();

const TEXT = [
  "# Cold Chain SOP",
  "",
  "## Receiving",
  "",
  "Check the **data logger** before signing for any pallet.",
  "",
  "## Storage",
  "",
  "Keep vaccines between 2 and 8 degrees at all times.",
  "",
].join("\n");

let made = 0;
/** An Approved document by the demo author in the first category (every role reads it). */
async function document(text = TEXT): Promise<string> {
  made += 1;
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  const { body, headers } = multipart(
    { title: `Cold Chain SOP ${made}`, categoryId: categories[0]!.id, allowDuplicate: "true" },
    { name: "sop.md", bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  const id = json<Document>(res).id;
  await approveThrough(id);
  return id;
}

async function approveThrough(doc: string): Promise<void> {
  t.clock.advance(1000);
  const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer], approverId: ids.approver },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const reviewed = await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "reviewer",
    body: { status: "Approved" },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const decided = await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "approver",
    body: { approverStatus: "Approved" },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

async function revise(doc: string, content: string, expectedVersion: number): Promise<void> {
  t.clock.advance(1000);
  const res = await t.request("POST", `/api/documents/${doc}/versions`, {
    as: "author",
    body: { content, changeNote: "Revised", expectedVersion },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const base = (doc: string) => `/api/documents/${doc}/comments`;

async function post(doc: string, as: string, body: unknown): Promise<CommentThread> {
  t.clock.advance(1000);
  const res = await t.request("POST", base(doc), { as, body });
  expect(res.statusCode, res.body).toBe(201);
  return json<CommentThread>(res);
}

async function reply(doc: string, thread: string, as: string, body: string): Promise<CommentThread> {
  t.clock.advance(1000);
  const res = await t.request("POST", `${base(doc)}/${thread}/replies`, { as, body: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return json<CommentThread>(res);
}

async function list(doc: string, as: string): Promise<CommentList> {
  const res = await t.request("GET", base(doc), { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<CommentList>(res);
}

const mentionsOf = async (as: string, doc: string) =>
  json<Notification[]>(await t.request("GET", "/api/notifications", { as })).filter(
    (n) => n.documentId === doc && n.kind === "mentioned",
  );

/** The document's activity entries about comments, oldest first. */
async function entries(doc: string) {
  const rows = await t.ctx.db
    .select({ action: activity.action, userId: activity.userId, data: activity.data })
    .from(activity)
    .where(eq(activity.documentId, doc))
    .orderBy(asc(activity.id));
  return rows.filter((r) => /comment/i.test(r.action));
}

async function restrictTo(doc: string, userIds: string[]): Promise<void> {
  const res = await t.request("PUT", `/api/documents/${doc}/access`, {
    as: "author",
    body: { restricted: true, userIds, groupIds: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("comment threads", () => {
  it("a reader anchors a thread to a passage, others reply, and each change is in the history", async () => {
    const doc = await document();
    const thread = await post(doc, "viewer", {
      body: "Which logger model is meant here?",
      anchor: { quote: "Check the data logger before signing" },
    });
    expect(thread).toMatchObject({
      anchor: { quote: "Check the data logger before signing", section: "Receiving" },
      resolved: false,
      replies: [],
      comment: {
        author: "viewer",
        version: 1,
        body: "Which logger model is meant here?",
        deleted: false,
        editedAt: null,
        abilities: { edit: true, delete: true },
      },
      // Viewers comment but do not resolve others' threads unless they opened them.
      abilities: { reply: true, resolve: true },
    });

    const answered = await reply(doc, thread.id, "author", "The one in the receiving bay.");
    expect(answered.replies).toEqual([
      expect.objectContaining({
        author: "author",
        body: "The one in the receiving bay.",
        threadId: thread.id,
      }),
    ]);

    // The reviewer sees both, may reply and may change neither.
    const seen = await list(doc, "reviewer");
    expect(seen.readableVersion).toBe(1);
    expect(seen.abilities).toEqual({ comment: true });
    expect(seen.threads).toHaveLength(1);
    expect(seen.threads[0]!.abilities).toEqual({ reply: true, resolve: false });
    expect(seen.threads[0]!.comment.abilities).toEqual({ edit: false, delete: false });
    expect(seen.threads[0]!.replies[0]!.abilities).toEqual({ edit: false, delete: false });

    expect((await entries(doc)).map((e) => [e.action, e.userId])).toEqual([
      ["Commented", ids.viewer],
      ["Replied to comment", ids.author],
    ]);
  });

  it("keeps a quote it cannot place with the section the page named, and the text exactly as written", async () => {
    const doc = await document();
    const thread = await post(doc, "author", {
      body: "<script>alert(1)</script> & **not bold**",
      anchor: { quote: "text from a scanned page", section: "Page 3" },
    });
    expect(thread.anchor).toEqual({ quote: "text from a scanned page", section: "Page 3" });
    // Stored and answered as text: the web renders it as text, never as HTML.
    expect(thread.comment.body).toBe("<script>alert(1)</script> & **not bold**");
  });

  it("lets only the author edit or delete a comment; a deleted thread with replies keeps its place", async () => {
    const doc = await document();
    const thread = await post(doc, "reviewer", { body: "Temperature range is wrong." });
    const url = `${base(doc)}/${thread.id}`;

    for (const as of ["viewer", "admin", "author"]) {
      const other = await t.request("PATCH", url, { as, body: { body: "Rewritten by someone else" } });
      expect({ as, status: other.statusCode }).toEqual({ as, status: 403 });
      const removed = await t.request("DELETE", url, { as });
      expect({ as, status: removed.statusCode }).toEqual({ as, status: 403 });
    }

    t.clock.advance(1000);
    const edited = await t.request("PATCH", url, { as: "reviewer", body: { body: "The range is fine." } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<CommentThread>(edited).comment).toMatchObject({
      body: "The range is fine.",
      editedAt: expect.any(String),
    });

    await reply(doc, thread.id, "viewer", "Thanks for checking.");
    const deleted = await t.request("DELETE", url, { as: "reviewer" });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const after = (await list(doc, "viewer")).threads;
    expect(after).toHaveLength(1);
    expect(after[0]!.comment).toMatchObject({ deleted: true, body: null, author: "reviewer" });
    expect(after[0]!.replies.map((r) => r.body)).toEqual(["Thanks for checking."]);
    // Its text is gone from the database too.
    const [row] = await t.ctx.db.select().from(comments).where(eq(comments.id, thread.id));
    expect(row!.body).toBeNull();

    // Deleted once: nothing more to edit or delete.
    expect((await t.request("DELETE", url, { as: "reviewer" })).statusCode).toBe(403);
    expect((await t.request("PATCH", url, { as: "reviewer", body: { body: "again" } })).statusCode).toBe(403);

    // The last reply gone, the thread leaves the list.
    const replyId = after[0]!.replies[0]!.id;
    expect((await t.request("DELETE", `${base(doc)}/${replyId}`, { as: "viewer" })).statusCode).toBe(204);
    expect((await list(doc, "viewer")).threads).toEqual([]);

    expect((await entries(doc)).map((e) => e.action)).toEqual([
      "Commented",
      "Edited comment",
      "Replied to comment",
      "Deleted comment",
      "Deleted comment",
    ]);
  });

  it("is resolved and reopened by who opened it or an editor of the document, once each", async () => {
    const doc = await document();
    const thread = await post(doc, "viewer", { body: "Typo in the title." });
    const url = `${base(doc)}/${thread.id}`;

    expect((await t.request("POST", `${url}/resolve`, { as: "reviewer" })).statusCode).toBe(403);
    const resolved = await t.request("POST", `${url}/resolve`, { as: "viewer" });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(json<CommentThread>(resolved)).toMatchObject({ resolved: true, resolvedBy: "viewer" });
    const again = await t.request("POST", `${url}/resolve`, { as: "author" });
    expect(again.statusCode).toBe(409);
    expect(json<{ message: string }>(again).message).toBe("This thread is already resolved");

    const reopened = await t.request("POST", `${url}/reopen`, { as: "author" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(json<CommentThread>(reopened)).toMatchObject({ resolved: false, resolvedBy: null });
    expect((await t.request("POST", `${url}/resolve`, { as: "admin" })).statusCode).toBe(200);

    // A reply is no thread: it is not resolved on its own.
    const answered = await reply(doc, thread.id, "author", "Fixed in the next version.");
    expect(
      (await t.request("POST", `${base(doc)}/${answered.replies[0]!.id}/resolve`, { as: "author" }))
        .statusCode,
    ).toBe(403);

    expect((await entries(doc)).map((e) => [e.action, e.userId])).toEqual([
      ["Commented", ids.viewer],
      ["Resolved comment thread", ids.viewer],
      ["Reopened comment thread", ids.author],
      ["Resolved comment thread", ids.admin],
      ["Replied to comment", ids.author],
    ]);
  });

  it("bounds the text and the quote, with clear errors, and writes nothing when refused", async () => {
    const doc = await document();
    const long = await t.request("POST", base(doc), {
      as: "viewer",
      body: { body: "x".repeat(COMMENT_MAX_LENGTH + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(json<{ message: string }>(long).message).toBe(
      "Invalid body: body: A comment holds at most 10,000 characters",
    );
    const blank = await t.request("POST", base(doc), { as: "viewer", body: { body: "   " } });
    expect(blank.statusCode).toBe(400);
    expect(json<{ message: string }>(blank).message).toMatch(/cannot be empty/);
    const quote = await t.request("POST", base(doc), {
      as: "viewer",
      body: { body: "ok", anchor: { quote: "q".repeat(1001) } },
    });
    expect(quote.statusCode).toBe(400);
    expect(json<{ message: string }>(quote).message).toBe(
      "Invalid body: anchor.quote: quote at most 1,000 characters",
    );
    // Exactly the limit is accepted.
    await post(doc, "viewer", { body: "y".repeat(COMMENT_MAX_LENGTH) });
    expect((await entries(doc)).map((e) => e.action)).toEqual(["Commented"]);
  });
});

describe("who sees comments", () => {
  it("answers 404 to someone who may not read the document, for the list, a new comment and a thread", async () => {
    const doc = await document();
    const thread = await post(doc, "author", { body: "Draft note for the team." });
    await restrictTo(doc, [ids.reviewer!]);

    expect((await list(doc, "reviewer")).threads).toHaveLength(1);
    for (const [method, url, body] of [
      ["GET", base(doc), undefined],
      ["GET", `${base(doc)}/mentionable`, undefined],
      ["POST", base(doc), { body: "hello" }],
      ["POST", `${base(doc)}/${thread.id}/replies`, { body: "hello" }],
      ["POST", `${base(doc)}/${thread.id}/resolve`, undefined],
    ] as const) {
      const res = await t.request(method, url, { as: "viewer", body });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 404 });
      expect(json<{ message: string }>(res).message).toBe("Document not found");
    }
    // A comment of another document is not found through this one.
    const other = await document();
    const res = await t.request("POST", `${base(other)}/${thread.id}/replies`, {
      as: "viewer",
      body: { body: "hi" },
    });
    expect(res.statusCode).toBe(404);
    expect(json<{ message: string }>(res).message).toBe("Comment not found");
  });

  it("keeps each comment's version: older versions' comments stay, a draft revision's stay with its readers", async () => {
    const doc = await document();
    const first = await post(doc, "viewer", { body: "On the first version." });
    expect(first.comment.version).toBe(1);

    // A revision in draft: its owner reads version 2, the viewer still the effective version 1.
    await revise(doc, `${TEXT}\nAlso log the arrival time.\n`, 1);
    const draftNote = await post(doc, "author", { body: "Is the new line clear?" });
    expect(draftNote.comment.version).toBe(2);
    const byViewer = await list(doc, "viewer");
    expect(byViewer.readableVersion).toBe(1);
    expect(byViewer.threads.map((th) => th.id)).toEqual([first.id]);
    const byOwner = await list(doc, "author");
    expect(byOwner.readableVersion).toBe(2);
    expect(byOwner.threads.map((th) => [th.id, th.comment.version])).toEqual([
      [first.id, 1],
      [draftNote.id, 2],
    ]);
    // Nobody reaches the draft's thread by its id without reading the draft.
    const hidden = await t.request("POST", `${base(doc)}/${draftNote.id}/replies`, {
      as: "viewer",
      body: { body: "?" },
    });
    expect(hidden.statusCode).toBe(404);
    // The viewer cannot comment on a version they do not read.
    const ahead = await t.request("POST", base(doc), { as: "viewer", body: { body: "x", version: 2 } });
    expect(ahead.statusCode).toBe(404);
    expect(json<{ message: string }>(ahead).message).toBe("Version not found");
    // The owner may still comment on the older version.
    expect((await post(doc, "author", { body: "Back to v1.", version: 1 })).comment.version).toBe(1);

    // Approved, version 2 is everyone's: the viewer now sees the draft's thread, the first one still on v1.
    await approveThrough(doc);
    const later = await list(doc, "viewer");
    expect(later.readableVersion).toBe(2);
    expect(later.threads.map((th) => th.comment.version)).toEqual([1, 2, 1]);
  });
});

describe("@mentions", () => {
  it("notify the people mentioned who may read the document, linking to the comment", async () => {
    const doc = await document();
    const thread = await post(doc, "author", {
      body: "@viewer and @Reviewer2, please check the storage range.",
    });
    expect(thread.comment.mentions).toEqual(["reviewer2", "viewer"]);

    for (const who of ["viewer", "reviewer2"]) {
      const told = await mentionsOf(who, doc);
      expect(told).toEqual([
        expect.objectContaining({
          kind: "mentioned",
          title: "Mentioned in a comment",
          body: expect.stringMatching(
            /^author mentioned you in a comment on "Cold Chain SOP \d+" \(version 1\)$/,
          ),
          message: {
            key: "mentioned",
            params: { by: "author", document: expect.stringMatching(/^Cold Chain SOP \d+$/), version: 1 },
          },
          link: `/document/${doc}?tab=comments#comment-${thread.id}`,
          read: false,
        }),
      ]);
    }
    // Nobody else, and not the author mentioning themselves.
    expect(await mentionsOf("reviewer", doc)).toEqual([]);
    await reply(doc, thread.id, "author", "@author noted for myself");
    expect(await mentionsOf("author", doc)).toEqual([]);

    // An edit tells only whom it newly mentions.
    t.clock.advance(1000);
    const edited = await t.request("PATCH", `${base(doc)}/${thread.id}`, {
      as: "author",
      body: { body: "@viewer, @reviewer2 and @approver, please check the storage range." },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await mentionsOf("viewer", doc)).toHaveLength(1);
    expect(await mentionsOf("approver", doc)).toHaveLength(1);

    // The e-mail address a@b is no mention.
    const mail = await post(doc, "viewer", { body: "Write to qa@example.com about it." });
    expect(mail.comment.mentions).toEqual([]);

    const commented = (await entries(doc)).find((e) => e.action === "Commented");
    expect(commented!.data).toMatchObject({ mentioned: ["viewer", "reviewer2"] });
  });

  it("refuse anyone who may not read the document by name, without telling who has an account", async () => {
    const doc = await document();
    await restrictTo(doc, [ids.reviewer!]);
    const before = await entries(doc);

    const res = await t.request("POST", base(doc), {
      as: "author",
      body: { body: "@reviewer @viewer @nobody-here please look" },
    });
    expect(res.statusCode).toBe(422);
    expect(json<{ message: string }>(res).message).toBe(
      "Cannot mention @viewer, @nobody-here: only people who may read this document can be mentioned",
    );
    // Refused whole: no comment, no entry, nobody told.
    expect((await list(doc, "author")).threads).toEqual([]);
    expect(await entries(doc)).toEqual(before);
    expect(await mentionsOf("reviewer", doc)).toEqual([]);

    // A draft revision's comment may mention only who reads the draft.
    const open = await document();
    await revise(open, `${TEXT}\nNew line.\n`, 1);
    const draft = await t.request("POST", base(open), { as: "author", body: { body: "@viewer see this" } });
    expect(draft.statusCode).toBe(422);
    expect(json<{ message: string }>(draft).message).toMatch(/^Cannot mention @viewer:/);
  });

  it("suggest only people who may read the document (and the version), matching what was typed", async () => {
    const doc = await document();
    const names = async (as: string, query: string) => {
      const res = await t.request("GET", `${base(doc)}/mentionable${query}`, { as });
      expect(res.statusCode, res.body).toBe(200);
      return json<Mentionable>(res).map((m) => m.username);
    };
    expect(await names("author", "?q=rev")).toEqual(["reviewer", "reviewer2"]);
    // Names that start with what was typed come first, then those that hold it.
    expect(await names("author", "?q=@view")).toEqual(["viewer", "reviewer", "reviewer2"]);
    // Oneself is never suggested.
    expect(await names("author", "?q=auth")).toEqual([]);

    await restrictTo(doc, [ids.reviewer!]);
    const all = await names("author", "");
    expect(all).toContain("reviewer");
    expect(all).toContain("admin");
    expect(all).not.toContain("viewer");
    expect(all).not.toContain("reviewer2");

    const open = await document();
    await revise(open, `${TEXT}\nNew line.\n`, 1);
    const forDraft = json<Mentionable>(
      await t.request("GET", `${base(open)}/mentionable?q=`, { as: "author" }),
    ).map((m) => m.username);
    expect(forDraft).not.toContain("viewer");
    const forV1 = json<Mentionable>(
      await t.request("GET", `${base(open)}/mentionable?q=&version=1`, { as: "author" }),
    ).map((m) => m.username);
    expect(forV1).toContain("viewer");
  });
});
