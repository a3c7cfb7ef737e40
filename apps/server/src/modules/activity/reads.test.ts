import type { AuditPage } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { documents } from "../../db/schema";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";
import { uploadDraft } from "../../../test/support/review-helpers";
import { recordRead } from "./reads";
import { READ_COALESCE_MS } from "./repository";

const t = appForFile();

const trail = async (documentId: string) =>
  json<AuditPage>(await t.request("GET", `/api/activity?documentId=${documentId}`, { as: "admin" })).items;

/** A GET as `username` from `address`, as a browser behind no proxy would send it. */
const getFrom = async (username: string, url: string, address: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { cookie: await t.cookieFor(username) },
    remoteAddress: address,
  });

const approved = async (title: string) => {
  const id = await uploadDraft(t, "author", title);
  await t.ctx.db.update(documents).set({ status: "Approved" }).where(eq(documents.id, id));
  return id;
};

describe("reads in the audit trail", () => {
  it("records who opened a document and from where, once per ten minutes", async () => {
    const doc = await approved("Viewed policy");
    expect((await getFrom("viewer", `/api/documents/${doc}`, "198.51.100.4")).statusCode).toBe(200);
    // A refresh, and a live update refetching the document: the same view.
    expect((await getFrom("viewer", `/api/documents/${doc}`, "198.51.100.4")).statusCode).toBe(200);
    t.clock.advance(READ_COALESCE_MS - 1_000);
    expect((await getFrom("viewer", `/api/documents/${doc}`, "198.51.100.4")).statusCode).toBe(200);
    const views = (await trail(doc)).filter((e) => e.action === "Viewed");
    expect(views).toMatchObject([{ username: "viewer", ip: "198.51.100.4", documentTitle: "Viewed policy" }]);
    // Another person's view is theirs; the first viewer's next view after the window is new.
    await getFrom("reviewer", `/api/documents/${doc}`, "198.51.100.5");
    t.clock.advance(2_000);
    await getFrom("viewer", `/api/documents/${doc}`, "198.51.100.6");
    const after = (await trail(doc)).filter((e) => e.action === "Viewed");
    expect(after.map((e) => [e.username, e.ip])).toEqual([
      ["viewer", "198.51.100.6"],
      ["reviewer", "198.51.100.5"],
      ["viewer", "198.51.100.4"],
    ]);
  });

  it("records downloads per version and the summary export, but no list, search or refused read", async () => {
    const doc = await uploadDraft(t, "author", "Downloaded policy");
    const second = await t.request("POST", `/api/documents/${doc}/versions`, {
      as: "author",
      body: { content: "# Downloaded policy\n\nSecond text.\n", expectedVersion: 1 },
    });
    expect(second.statusCode).toBe(201);
    await t.ctx.db.update(documents).set({ status: "Approved" }).where(eq(documents.id, doc));
    for (const version of [1, 2, 1]) {
      const res = await getFrom("viewer", `/api/documents/${doc}/versions/${version}/original`, "192.0.2.1");
      expect(res.statusCode).toBe(200);
    }
    expect((await getFrom("viewer", `/api/documents/${doc}/summary.md`, "192.0.2.1")).statusCode).toBe(200);
    for (const url of [
      "/api/documents",
      "/api/documents/recent",
      `/api/documents/${doc}/versions`,
      `/api/documents/${doc}/versions/1`,
      `/api/documents/${doc}/summary`,
      "/api/search?q=downloaded",
    ]) {
      expect((await getFrom("viewer", url, "192.0.2.1")).statusCode).toBe(200);
    }
    const draft = await uploadDraft(t, "author", "Private draft");
    expect((await getFrom("viewer", `/api/documents/${draft}`, "192.0.2.1")).statusCode).toBe(404);
    expect(
      (await getFrom("viewer", `/api/documents/${draft}/versions/1/original`, "192.0.2.1")).statusCode,
    ).toBe(404);
    expect((await trail(draft)).map((e) => e.action)).toEqual(["Uploaded"]);
    const reads = (await trail(doc)).filter((e) => e.username === "viewer");
    expect(reads.map((e) => [e.action, e.data])).toEqual([
      ["Exported summary", { version: 2 }],
      ["Downloaded original", { version: 2 }],
      ["Downloaded original", { version: 1 }],
    ]);
  });

  it("names a view of the original in the app apart from a copy taken", async () => {
    const doc = await approved("Viewed or taken");
    const viewed = await getFrom(
      "viewer",
      `/api/documents/${doc}/versions/1/original?purpose=view`,
      "192.0.2.7",
    );
    expect(viewed.statusCode).toBe(200);
    const taken = await getFrom("reviewer", `/api/documents/${doc}/versions/1/original`, "192.0.2.8");
    expect(taken.statusCode).toBe(200);
    // The same bytes either way: the purpose only names what the person did.
    expect(viewed.rawPayload.equals(taken.rawPayload)).toBe(true);
    const reads = (await trail(doc)).filter((e) => e.action.endsWith("original"));
    expect(reads.map((e) => [e.action, e.username, e.data])).toEqual([
      ["Downloaded original", "reviewer", { version: 1 }],
      ["Viewed original", "viewer", { version: 1 }],
    ]);
    const bad = await getFrom(
      "viewer",
      `/api/documents/${doc}/versions/1/original?purpose=print`,
      "192.0.2.7",
    );
    expect(bad.statusCode).toBe(400);
  });

  it("never fails the read when the trail cannot be written", async () => {
    const broken = {
      execute: () => Promise.reject(new Error("disk full")),
    } as unknown as Database;
    const warn = vi.fn();
    await expect(
      recordRead(
        { db: broken, clock: t.clock },
        { id: "u1", username: "u", role: "Viewer", via: "session" },
        { action: "Viewed", documentId: "d1" },
        { warn },
      ),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("a document's own history", () => {
  const history = (doc: string, as: string) => t.request("GET", `/api/documents/${doc}/activity`, { as });

  it("shows its owner and Admins every change and read, the address to Admins only", async () => {
    const doc = await approved("History policy");
    await t.request("PATCH", `/api/documents/${doc}`, { as: "author", body: { tags: ["history"] } });
    await getFrom("viewer", `/api/documents/${doc}`, "203.0.113.9");
    await getFrom("viewer", `/api/documents/${doc}/versions/1/original`, "203.0.113.9");
    await t.request("POST", `/api/documents/${doc}/archive`, { as: "author" });
    const owner = await history(doc, "author");
    expect(owner.statusCode).toBe(200);
    const page = json<AuditPage>(owner);
    expect(page.items.map((e) => [e.action, e.username])).toEqual([
      ["Archived", "author"],
      ["Downloaded original", "viewer"],
      ["Viewed", "viewer"],
      ["Edited details", "author"],
      ["Uploaded", "author"],
    ]);
    expect(page.total).toBe(5);
    expect(page.items.every((e) => e.ip === null)).toBe(true);
    const admin = json<AuditPage>(await history(doc, "admin"));
    expect(admin.items.find((e) => e.action === "Viewed")?.ip).toBe("203.0.113.9");
    const paged = json<AuditPage>(
      await t.request("GET", `/api/documents/${doc}/activity?page=2&pageSize=2`, { as: "admin" }),
    );
    expect(paged.items.map((e) => e.action)).toEqual(["Viewed", "Edited details"]);
  });

  it("answers 403 to those who see the document but may not change it, 404 to those who cannot see it", async () => {
    const doc = await approved("Closed history");
    expect((await history(doc, "viewer")).statusCode).toBe(403);
    expect((await history(doc, "reviewer")).statusCode).toBe(403);
    const draft = await uploadDraft(t, "author", "Unseen history");
    expect((await history(draft, "viewer")).statusCode).toBe(404);
    expect((await history("no-such-document", "admin")).statusCode).toBe(404);
  });
});
