import type {
  Approval,
  ApprovalTemplate,
  CategoryTemplate,
  Document,
  Notification,
  TemplateStage,
} from "@quire/contracts";
import { and, count, desc, eq } from "drizzle-orm";
import { activity, approvals, documents, notifications } from "../../src/db/schema";
import { beforeAll, expect } from "vitest";
import { appForFile } from "./app-for-file";
import { json, multipart, type TestApp, type TestAppOptions } from "./harness";

/** Demo user ids by username. */
export async function demoUserIds(t: TestApp): Promise<Record<string, string>> {
  const users = json<Array<{ id: string; username: string }>>(
    await t.request("GET", "/api/users", { as: "admin" }),
  );
  return Object.fromEntries(users.map((u) => [u.username, u.id]));
}

/**
 * The test file's app (appForFile) with the demo users' ids by username, filled in place when the
 * app opens, so a file keeps both in constants.
 */
export function demoAppForFile(options: TestAppOptions = {}): { t: TestApp; ids: Record<string, string> } {
  const t = appForFile(options);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(ids, await demoUserIds(t));
  });
  return { t, ids };
}

/** A fresh Draft owned by `as`, made through the upload route. */
export async function uploadDraft(t: TestApp, as = "author", title = "Policy"): Promise<string> {
  const cats = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  const { body, headers } = multipart(
    // Many tests upload the same text: each wants a new document, not the duplicate warning.
    { title, categoryId: cats[0]?.id ?? "", allowDuplicate: "true" },
    { name: "policy.md", bytes: Buffer.from(`# ${title}\n\nEvery invoice must be approved.\n`) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as, body, headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return json<Document>(res).id;
}

/**
 * A fresh Draft by the demo author, submitted for review (to both demo reviewers and the approver
 * unless others are named): its id.
 */
export async function draftInReview(
  t: TestApp,
  ids: Record<string, string>,
  title: string,
  assignment: { reviewers: string[]; approverId: string } = {
    reviewers: [ids.reviewer!, ids.reviewer2!],
    approverId: ids.approver!,
  },
): Promise<string> {
  const id = await uploadDraft(t, "author", title);
  const res = await t.request("POST", `/api/documents/${id}/submit-review`, {
    as: "author",
    body: assignment,
  });
  if (res.statusCode !== 201) throw new Error(`submission failed: ${res.statusCode} ${res.body}`);
  return id;
}

export async function statusOf(t: TestApp, documentId: string): Promise<string> {
  const [row] = await t.ctx.db
    .select({ status: documents.status })
    .from(documents)
    .where(eq(documents.id, documentId));
  return row?.status ?? "missing";
}

/** The document's latest "Review withdrawn" activity entry (its comment says why), if any. */
export async function latestWithdrawal(t: TestApp, documentId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.documentId, documentId), eq(activity.action, "Review withdrawn")))
    .orderBy(desc(activity.id))
    .limit(1);
  return row;
}

/** The kinds of notification a user has about one document, oldest first. */
export async function inbox(t: TestApp, as: string, documentId: string): Promise<string[]> {
  const list = json<Notification[]>(await t.request("GET", "/api/notifications", { as }));
  return list
    .filter((n) => n.documentId === documentId)
    .map((n) => n.kind)
    .reverse();
}

/** Everything a refused request could have touched, to compare before and after. */
export async function snapshot(t: TestApp, documentId: string) {
  const [[a], [n], [l]] = await Promise.all([
    t.ctx.db.select({ n: count() }).from(approvals).where(eq(approvals.documentId, documentId)),
    t.ctx.db.select({ n: count() }).from(notifications),
    t.ctx.db.select({ n: count() }).from(activity).where(eq(activity.documentId, documentId)),
  ]);
  const res = await t.request("GET", `/api/documents/${documentId}/approval`, { as: "admin" });
  return {
    status: await statusOf(t, documentId),
    rounds: a?.n,
    notifications: n?.n,
    activity: l?.n,
    approval: res.statusCode === 200 ? { ...json<Approval>(res), abilities: null } : res.statusCode,
  };
}

/** A template stage of Reviewers, any one of them deciding, with `over` changed. */
export const templateStage = (name: string, over: Partial<TemplateStage> = {}): TemplateStage => ({
  name,
  roles: ["Reviewer"],
  groupIds: [],
  quorum: { kind: "any" },
  dueDays: null,
  onChanges: "end",
  onReject: "end",
  sendBack: false,
  ...over,
});

/** A new category named `name` with `template`, as an Admin sets them; its id and the saved template. */
export async function categoryWithTemplate(
  t: TestApp,
  name: string,
  template: ApprovalTemplate,
): Promise<{ id: string; saved: CategoryTemplate }> {
  const created = await t.request("POST", "/api/categories", { as: "admin", body: { name } });
  expect(created.statusCode, created.body).toBe(201);
  const id = json<{ id: string }>(created).id;
  const saved = await t.request("PUT", `/api/categories/${id}/approval-template`, {
    as: "admin",
    body: template,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, saved: json<CategoryTemplate>(saved) };
}
