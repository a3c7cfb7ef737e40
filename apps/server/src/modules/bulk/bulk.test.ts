import { randomUUID } from "node:crypto";
import type { BulkResult, Document } from "@quire/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, documents } from "../../db/schema";
import { json, multipart, type TestApp } from "../../../test/support/harness";
import { demoAppForFile } from "../../../test/support/review-helpers";

const { t, ids: users } = demoAppForFile();

const newCategory = async (name: string) =>
  json<{ id: string }>(
    await t.request("POST", "/api/categories", { as: "admin", body: { name: `${name} ${randomUUID()}` } }),
  ).id;

async function upload(
  as: string,
  fields: { title: string; categoryId: string; tags?: string },
  text = `# ${fields.title}\n\nBody of ${fields.title}.\n`,
): Promise<string> {
  const { body, headers } = multipart(
    { ...fields, allowDuplicate: "true" },
    { name: `${fields.title.replace(/\W+/g, "-")}.md`, bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as, body, headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return json<Document>(res).id;
}

const bulk = (as: string, body: unknown) => t.request("POST", "/api/documents/bulk", { as, body });

/** Entries of `action` per document among `ids`. */
async function entriesPerDocument(ids: string[], action: string): Promise<Map<string, number>> {
  const rows = await t.ctx.db
    .select({ documentId: activity.documentId, n: sql<number>`count(*)::int` })
    .from(activity)
    .where(and(inArray(activity.documentId, ids), eq(activity.action, action)))
    .groupBy(activity.documentId);
  return new Map(rows.map((r) => [r.documentId ?? "", r.n]));
}

async function categoryOf(id: string): Promise<string | undefined> {
  const [row] = await t.ctx.db
    .select({ categoryId: documents.categoryId })
    .from(documents)
    .where(eq(documents.id, id));
  return row?.categoryId;
}

/** What another person's Approved document looks like to the author: visible, not theirs. */
async function approvedByAdmin(t: TestApp, categoryId: string, title: string, tags: string) {
  const id = await upload("admin", { title, categoryId, tags });
  await t.ctx.db.update(documents).set({ status: "Approved" }).where(eq(documents.id, id));
  return id;
}

describe("bulk actions over 200+ documents", () => {
  let source: string;
  let viewOnly: string;
  let target: string;
  const tag = `bulk-${randomUUID().slice(0, 8)}`;
  const own: string[] = [];
  let othersDoc: string;
  let viewOnlyDoc: string;
  let archivedDoc: string;

  beforeAll(async () => {
    source = await newCategory("Bulk source");
    viewOnly = await newCategory("Bulk view only");
    target = await newCategory("Bulk target");
    for (let i = 0; i < 200; i++)
      own.push(
        await upload("author", {
          title: `Bulk ${String(i).padStart(3, "0")}`,
          categoryId: source,
          tags: tag,
        }),
      );
    othersDoc = await approvedByAdmin(t, source, "Bulk someone else's", tag);
    viewOnlyDoc = await upload("author", { title: "Bulk view-only", categoryId: viewOnly, tags: tag });
    archivedDoc = await upload("author", { title: "Bulk archived", categoryId: source, tags: tag });
    expect(
      (await t.request("POST", `/api/documents/${archivedDoc}/archive`, { as: "author" })).statusCode,
    ).toBe(200);
    // The author may still see their document there, but no longer edit documents in it.
    const access = await t.request("PUT", `/api/categories/${viewOnly}/access`, {
      as: "admin",
      body: { everyone: "view", groups: [] },
    });
    expect(access.statusCode, access.body).toBe(200);
  }, 600_000);

  it("changes every document the author may edit and refuses exactly the three the rules refuse, each with its reason", async () => {
    const selection = [...own, othersDoc, viewOnlyDoc, archivedDoc];
    const started = performance.now();
    let finishedAt = 0;
    const pending = bulk("author", {
      ids: selection,
      action: "setCategory",
      params: { categoryId: target },
    }).then((res) => {
      finishedAt = performance.now();
      return res;
    });
    // Another request meanwhile is answered while the bulk action is still working through its chunks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // (A list read, admitted like any other request, not the health check, which admission lets by.)
    const other = await t.request("GET", "/api/documents?pageSize=1", { as: "viewer" });
    const otherAt = performance.now();
    const res = await pending;
    expect(other.statusCode).toBe(200);
    expect(otherAt).toBeLessThan(finishedAt);
    expect(res.statusCode, res.body).toBe(200);
    const result = json<BulkResult>(res);
    console.log(
      `bulk setCategory over ${selection.length} documents: ${Math.round(finishedAt - started)} ms; ` +
        `a list read meanwhile answered after ${Math.round(otherAt - started)} ms`,
    );

    expect(result).toMatchObject({ action: "setCategory", total: 203, done: 200, unchanged: 0, refused: 3 });
    expect(result.results.map((r) => r.id)).toEqual(selection);
    expect(result.results.filter((r) => r.outcome === "refused")).toEqual([
      {
        id: othersDoc,
        title: "Bulk someone else's",
        outcome: "refused",
        status: 403,
        reason: "You may not edit this document: it belongs to someone else",
      },
      {
        id: viewOnlyDoc,
        title: "Bulk view-only",
        outcome: "refused",
        status: 403,
        reason: "You may not edit documents in this category: your access there is view",
      },
      {
        id: archivedDoc,
        title: "Bulk archived",
        outcome: "refused",
        status: 403,
        reason: "It is archived: restore it first",
      },
    ]);

    // Each change went through the single-document command: one entry each, by the author; none for a refusal.
    const edited = await entriesPerDocument(selection, "Edited details");
    expect(own.every((id) => edited.get(id) === 1)).toBe(true);
    expect([othersDoc, viewOnlyDoc, archivedDoc].map((id) => edited.get(id) ?? 0)).toEqual([0, 0, 0]);
    const [byAuthor] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(
        and(
          inArray(activity.documentId, own),
          eq(activity.action, "Edited details"),
          eq(activity.userId, users.author!),
        ),
      );
    expect(byAuthor?.n).toBe(200);
    expect(new Set(await Promise.all(own.map(categoryOf)))).toEqual(new Set([target]));
    expect(await categoryOf(othersDoc)).toBe(source);
    expect(await categoryOf(viewOnlyDoc)).toBe(viewOnly);
    expect(await categoryOf(archivedDoc)).toBe(source);

    // Asked again, nothing is left to change and nothing more is written.
    const again = json<BulkResult>(
      await bulk("author", { ids: own.slice(0, 5), action: "setCategory", params: { categoryId: target } }),
    );
    expect(again).toMatchObject({ done: 0, unchanged: 5, refused: 0 });
    expect((await entriesPerDocument(own.slice(0, 5), "Edited details")).get(own[0]!)).toBe(1);
  }, 600_000);

  it("selects by filter exactly what the list returns for the caller", async () => {
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.request("GET", `/api/documents?tag=${tag}&pageSize=100&page=${page}`, {
        as: "author",
      });
      const items = json<Document[]>(res);
      listed.push(...items.map((d) => d.id));
      if (items.length < 100) break;
    }
    // The author's 200 and 1 in view-only, the Admin's Approved one; the archived one is in no list.
    expect(listed).toHaveLength(202);
    const res = await bulk("author", {
      filter: { tag },
      action: "addTags",
      params: { tags: ["Reviewed 2026"] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = json<BulkResult>(res);
    expect(result.results.map((r) => r.id)).toEqual(listed);
    expect(result).toMatchObject({ total: 202, done: 200, refused: 2 });
    const tagged = json<Document[]>(
      await t.request("GET", `/api/documents?tag=reviewed%202026&pageSize=500`, { as: "author" }),
    );
    expect(new Set(tagged.map((d) => d.id))).toEqual(new Set(own));

    // Removing takes it off again, and a document without it is left as it was.
    const removed = json<BulkResult>(
      await bulk("author", {
        ids: [own[0], othersDoc],
        action: "removeTags",
        params: { tags: ["reviewed 2026"] },
      }),
    );
    expect(removed.results.map((r) => r.outcome)).toEqual(["done", "refused"]);
    expect(
      (await t.request("GET", `/api/documents?tag=reviewed%202026&pageSize=500`, { as: "author" })).headers[
        "x-total-count"
      ],
    ).toBe("199");
  }, 600_000);

  it("refuses a Viewer the whole request, and a selection past the cap with a clear message", async () => {
    const viewer = await bulk("viewer", { ids: [own[0]], action: "archive" });
    expect(viewer.statusCode).toBe(403);
    expect(json(viewer)).toEqual({ message: "Your role does not allow this action", code: "forbidden" });

    const tooMany = await bulk("admin", {
      ids: Array.from({ length: 1001 }, () => randomUUID()),
      action: "addTags",
      params: { tags: ["x"] },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json<{ message: string }>(tooMany).message).toContain(
      "A bulk action takes at most 1,000 documents. Narrow the filter or select fewer documents.",
    );
    const neither = await bulk("admin", { action: "archive" });
    expect(neither.statusCode).toBe(400);
    expect(json<{ message: string }>(neither).message).toContain("give either ids or filter");
  });

  it("names a document the caller cannot see by its id alone", async () => {
    const hidden = await upload("admin", { title: "Admin's private draft", categoryId: source });
    const result = json<BulkResult>(
      await bulk("author", { ids: [hidden, own[1]], action: "addTags", params: { tags: ["seen"] } }),
    );
    expect(result.results[0]).toEqual({
      id: hidden,
      title: null,
      outcome: "refused",
      status: 404,
      reason: "Document not found",
    });
    expect(result.results[1]?.outcome).toBe("done");
  });

  it("hands documents to another owner, except one under review (409)", async () => {
    const inReview = await upload("author", { title: "Bulk in review", categoryId: source });
    const submitted = await t.request("POST", `/api/documents/${inReview}/submit-review`, {
      as: "author",
      body: { reviewers: [users.reviewer], approverId: users.approver },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const res = await bulk("author", {
      ids: [own[2], inReview],
      action: "setOwner",
      params: { ownerId: users.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = json<BulkResult>(res);
    expect(result.results).toEqual([
      { id: own[2], title: "Bulk 002", outcome: "done" },
      {
        id: inReview,
        title: "Bulk in review",
        outcome: "refused",
        status: 409,
        reason: "Under review: change its owner once the review round is decided or withdrawn",
      },
    ]);
    expect(json<Document>(await t.request("GET", `/api/documents/${own[2]}`, { as: "admin" })).owner).toBe(
      "admin",
    );
    expect((await entriesPerDocument([own[2]!], "Changed owner")).get(own[2]!)).toBe(1);

    const toViewer = await bulk("author", {
      ids: [own[3]],
      action: "setOwner",
      params: { ownerId: users.viewer },
    });
    expect(toViewer.statusCode).toBe(400);
  });

  it("submits Drafts for review through the single route's command, refusing one already In Review", async () => {
    const drafts = [await upload("author", { title: "Bulk submit 1", categoryId: source }), own[4]!];
    const inReview = await upload("author", { title: "Bulk submit in review", categoryId: source });
    const body = { reviewers: [users.reviewer], approverId: users.approver };
    expect(
      (await t.request("POST", `/api/documents/${inReview}/submit-review`, { as: "author", body }))
        .statusCode,
    ).toBe(201);
    const result = json<BulkResult>(
      await bulk("author", { ids: [...drafts, inReview], action: "submitForReview", params: body }),
    );
    expect(result.results.map((r) => [r.outcome, r.status ?? null])).toEqual([
      ["done", null],
      ["done", null],
      ["refused", 409],
    ]);
    expect(result.results[2]?.reason).toMatch(
      /^Only a Draft can be submitted for review: it is already In Review/,
    );
    for (const id of drafts)
      expect(json<Document>(await t.request("GET", `/api/documents/${id}`, { as: "author" })).status).toBe(
        "In Review",
      );
  });

  it("archives what the caller may archive", async () => {
    const result = json<BulkResult>(
      await bulk("author", { ids: [own[5], othersDoc, archivedDoc], action: "archive" }),
    );
    expect(result.results.map((r) => r.outcome)).toEqual(["done", "refused", "unchanged"]);
    expect((await entriesPerDocument([own[5]!], "Archived")).get(own[5]!)).toBe(1);
  });
});

describe("bulk download", () => {
  it("zips exactly the originals the caller may read, each one a 'Downloaded original'", async () => {
    const categoryId = await newCategory("Bulk zip");
    const texts = ["# One\n\nFirst original.\n", "# Two\n\nSecond original.\n"];
    const mine = [
      await upload("author", { title: "Zip one", categoryId }, texts[0]),
      // The same file name twice: the zip keeps both, the second renamed.
      await upload("author", { title: "Zip one", categoryId }, texts[1]),
    ];
    const hidden = await upload("admin", { title: "Zip hidden draft", categoryId }, "# Hidden\n");
    const res = await t.request("POST", "/api/documents/bulk/download", {
      as: "author",
      body: { ids: [...mine, hidden] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["x-quire-bulk-included"]).toBe("2");
    expect(res.headers["x-quire-bulk-refused"]).toBe("1");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(
      Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString()])),
    ).toEqual({
      "Zip-one.md": texts[0],
      "Zip-one (2).md": texts[1],
    });
    const downloaded = await entriesPerDocument([...mine, hidden], "Downloaded original");
    expect([...mine, hidden].map((id) => downloaded.get(id) ?? 0)).toEqual([1, 1, 0]);

    const none = await t.request("POST", "/api/documents/bulk/download", {
      as: "author",
      body: { ids: [hidden] },
    });
    expect(none.statusCode).toBe(404);
  });
});
