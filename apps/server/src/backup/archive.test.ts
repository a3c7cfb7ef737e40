import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { PassThrough, Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../demo/seed";
import { demoUserIds, uploadDraft } from "../../test/support/review-helpers";
import { rowsOf } from "../db/rows";
import { createTestApp, json, multipart, type TestApp } from "../../test/support/harness";
import { BackupError, readBackup, tablesInOrder, writeBackup } from "./archive";

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
let source: TestApp;
let target: TestApp;
let archive: Buffer;
let groupId: string;
let categoryId: string;
let restrictedId: string;

async function backupOf(t: TestApp): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await writeBackup(t.ctx.db, t.ctx.blobs, out);
  out.end();
  return Buffer.concat(chunks);
}

async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const { name } of tablesInOrder()) {
    // Whole rows in a fixed order: a first column can repeat (a round's reviewers and approver share
    // its approval id), and the database may return such ties in any order.
    const rows = rowsOf(await t.ctx.db.execute(sql`select * from ${sql.identifier(name)}`));
    result[name] = rows
      .map((row) => [JSON.stringify(row), row] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
  return result;
}

beforeAll(async () => {
  source = await createTestApp({ seeders: [seedDemoDocuments] });
  const ids = await demoUserIds(source);
  const id = await uploadDraft(source, "author", "Backed-up policy");
  await source.request("POST", `/api/documents/${id}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer], approverId: ids.approver },
  });
  await source.request("PATCH", `/api/documents/${id}/approval`, {
    as: "reviewer",
    body: { status: "Approved", comment: "Fine" },
  });
  const categories = json<Array<{ id: string }>>(
    await source.request("GET", "/api/categories", { as: "author" }),
  );
  const pdf = readFileSync(new URL("../../test-fixtures/users-and-groups.pdf", import.meta.url));
  const { body, headers } = multipart(
    { categoryId: categories[0]!.id },
    { name: "users-and-groups.pdf", bytes: pdf },
  );
  await source.request("POST", "/api/documents/upload", { as: "author", body, headers });
  await source.runner.runUntilIdle();
  // Access: a group with members, a category closed to all but it, a document restricted to a person.
  const group = json<{ id: string }>(
    await source.request("POST", "/api/groups", {
      as: "admin",
      body: { name: "Backup auditors", memberIds: [ids.reviewer, ids.approver] },
    }),
  );
  groupId = group.id;
  // Not the first category: uploads after the restore (uploadDraft) go there, and this one closes.
  categoryId = categories[1]!.id;
  restrictedId = id;
  await source.request("PUT", `/api/categories/${categoryId}/access`, {
    as: "admin",
    body: { everyone: "none", groups: [{ groupId, access: "add" }] },
  });
  await source.request("PUT", `/api/documents/${id}/access`, {
    as: "admin",
    body: { restricted: true, userIds: [ids.reviewer2], groupIds: [groupId] },
  });
  // Audit entries with a source address and data: a role change and a read.
  const fromAddress = async (method: "GET" | "PATCH", url: string, address: string, payload?: object) =>
    source.app.inject({
      method,
      url,
      headers: { cookie: await source.cookieFor("admin") },
      remoteAddress: address,
      ...(payload ? { payload } : {}),
    });
  await fromAddress("PATCH", `/api/users/${ids.viewer}`, "203.0.113.20", { role: "Author" });
  await fromAddress("GET", `/api/documents/${id}/versions/1/original`, "203.0.113.21");
  archive = await backupOf(source);
  target = await createTestApp({ env: { DEMO: "false" } });
}, 180_000);
afterAll(async () => {
  await target?.close();
  await source?.close();
});

describe("backup and restore", () => {
  it(
    "round-trips every document, version, original, approval and setting exactly",
    { timeout: 120_000 },
    async () => {
      const summary = await readBackup(target.ctx.db, target.ctx.blobs, Readable.from(archive));
      expect(summary.tables.documents).toBeGreaterThanOrEqual(30);
      // The demo's review rounds (run through the approvals service) and the one made above.
      const [rounds] = rowsOf<{ n: number }>(
        await source.ctx.db.execute(sql`select count(*)::int as n from approvals`),
      );
      expect(summary.tables.approvals).toBe(rounds?.n);
      expect(summary.tables.approvals).toBeGreaterThan(1);
      expect(await snapshot(target)).toEqual(await snapshot(source));
      const hashes = rowsOf<{ sha256: string }>(
        await source.ctx.db.execute(sql`select sha256 from blobs`),
      ).map((r) => r.sha256);
      expect(hashes.length).toBe(summary.blobs);
      for (const hash of hashes) expect(sha(await target.ctx.blobs.get(hash))).toBe(hash);
    },
  );

  it("keeps the audit trail exactly: subject, address, data and time of every entry", async () => {
    const entries = sql`select id, subject_type, subject_id, document_id, approval_id, action, user_id,
      comment, data, ip, created_at from activity order by id`;
    const before = rowsOf<Record<string, unknown>>(await source.ctx.db.execute(entries));
    expect(rowsOf(await target.ctx.db.execute(entries))).toEqual(before);
    expect(before).toContainEqual(
      expect.objectContaining({
        action: "Changed role",
        subject_type: "user",
        ip: "203.0.113.20",
        data: { username: "viewer", from: "Viewer", to: "Author" },
      }),
    );
    expect(before).toContainEqual(
      expect.objectContaining({ action: "Downloaded original", ip: "203.0.113.21", data: { version: 1 } }),
    );
    // The restored trail reads back through the audit API, and new entries follow it.
    const last = Math.max(...before.map((e) => Number(e.id)));
    const page = json<{ items: Array<{ id: number; action: string }> }>(
      await target.request("GET", "/api/activity?action=Changed%20role&pageSize=200", { as: "admin" }),
    );
    expect(page.items.some((e) => e.action === "Changed role")).toBe(true);
    const [sample] = page.items;
    const view = await target.request(
      "GET",
      `/api/documents/${String(before.find((e) => e.document_id)?.document_id)}`,
      {
        as: "admin",
      },
    );
    expect(view.statusCode).toBe(200);
    const [newest] = rowsOf<{ id: string | number }>(
      await target.ctx.db.execute(sql`select max(id) as id from activity`),
    );
    expect(Number(newest?.id)).toBeGreaterThan(last);
    expect(sample?.id).toBeLessThanOrEqual(last);
  });

  it("serves the restored archive: sign-in, documents, originals and approvals through the API", async () => {
    const docs = json<Array<{ id: string; title: string; originalFilename: string }>>(
      await target.request("GET", "/api/documents?pageSize=500", { as: "admin" }),
    );
    // Its title is the PDF's own ("Users and Groups in the Debian System"); the file name finds it.
    const pdf = docs.find((d) => d.originalFilename === "users-and-groups.pdf")!;
    const original = await target.request("GET", `/api/documents/${pdf.id}/versions/1/original`, {
      as: "admin",
    });
    expect(sha(original.rawPayload)).toBe(
      sha(readFileSync(new URL("../../test-fixtures/users-and-groups.pdf", import.meta.url))),
    );
    const approvals = json<unknown[]>(await target.request("GET", "/api/approvals", { as: "admin" }));
    const before = json<unknown[]>(await source.request("GET", "/api/approvals", { as: "admin" }));
    expect(approvals).toEqual(before);
    expect(approvals.length).toBeGreaterThan(1);
    // The restored sequences continue after the restored rows.
    const another = await uploadDraft(target, "author", "After restore");
    expect(another).toBeTruthy();
  });

  it("keeps groups, their members, category access lists and document restrictions", async () => {
    for (const table of [
      "groups",
      "group_members",
      "category_group_access",
      "document_user_access",
      "document_group_access",
    ]) {
      const rows = sql`select * from ${sql.identifier(table)} order by 1, 2`;
      const kept = rowsOf(await source.ctx.db.execute(rows));
      expect(kept.length, table).toBeGreaterThan(0);
      expect(rowsOf(await target.ctx.db.execute(rows)), table).toEqual(kept);
    }
    const read = async (t: TestApp, url: string) => json(await t.request("GET", url, { as: "admin" }));
    for (const url of [
      "/api/groups",
      `/api/categories/${categoryId}/access`,
      `/api/documents/${restrictedId}/access`,
      `/api/documents/${restrictedId}/access/holders`,
    ]) {
      expect(await read(target, url)).toEqual(await read(source, url));
    }
    expect(await read(target, `/api/groups/${groupId}`)).toMatchObject({
      name: "Backup auditors",
      memberCount: 2,
    });
    expect(await read(target, `/api/categories/${categoryId}/access`)).toEqual({
      categoryId,
      everyone: "none",
      groups: [{ groupId, access: "add" }],
    });
    expect(await read(target, `/api/documents/${restrictedId}/access`)).toMatchObject({
      restricted: true,
      groupIds: [groupId],
    });
    const trail = json<{ items: Array<{ action: string }> }>(
      await target.request("GET", "/api/activity?subjectType=group", { as: "admin" }),
    );
    expect(trail.items.map((e) => e.action)).toContain("Created group");
  });

  it("refuses a non-empty installation and a cut-off archive, changing nothing", async () => {
    await expect(readBackup(source.ctx.db, source.ctx.blobs, Readable.from(archive))).rejects.toThrow(
      BackupError,
    );
    const empty = await createTestApp({ env: { DEMO: "false" } });
    try {
      const cut = archive.subarray(0, Math.floor(archive.length / 2));
      await expect(readBackup(empty.ctx.db, empty.ctx.blobs, Readable.from(cut))).rejects.toThrow(
        /cut short|JSON/,
      );
      const [row] = rowsOf<{ n: number }>(
        await empty.ctx.db.execute(sql`select count(*)::int n from documents`),
      );
      expect(row?.n).toBe(0);
    } finally {
      await empty.close();
    }
  });
});
