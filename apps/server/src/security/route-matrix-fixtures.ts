import { randomUUID } from "node:crypto";
import type { Role } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { documents } from "../db/schema";
import { json, multipart, type TestApp } from "../../test/support/harness";
import { demoUserIds, uploadDraft } from "../modules/approvals/test-helpers";

/** The fresh objects route-matrix.ts's requests act on, each made for the request that needs it. */

export const ALL = "all" as const;
export const freshCategory = async (t: TestApp) => {
  const res = await t.request("POST", "/api/categories", {
    as: "admin",
    body: { name: `Temp ${randomUUID()}` },
  });
  return json<{ id: string }>(res).id;
};
export const freshUser = async (t: TestApp) => {
  const res = await t.request("POST", "/api/users", {
    as: "admin",
    body: { username: `u${randomUUID().slice(0, 8)}`, role: "Viewer" },
  });
  return json<{ id: string }>(res).id;
};

export const freshGroup = async (t: TestApp) => {
  const res = await t.request("POST", "/api/groups", {
    as: "admin",
    body: { name: `Group ${randomUUID()}` },
  });
  return json<{ id: string }>(res).id;
};

export const uploadBody = async (t: TestApp) => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  return multipart(
    { categoryId: categories[0]!.id, title: "Matrix document", allowDuplicate: "true" },
    { name: "matrix.md", bytes: Buffer.from("# Matrix\n\nBody text.\n") },
  );
};
/** An Approved document owned by the demo author: visible to every role, changeable by its owner and Admin. */
export const freshDocument = async (t: TestApp, opts: { archived?: boolean; failed?: boolean } = {}) => {
  const { body, headers } = await uploadBody(t);
  const id = json<{ id: string }>(
    await t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
  ).id;
  await t.ctx.db
    .update(documents)
    .set({
      status: "Approved",
      ...(opts.archived ? { archivedAt: t.clock.now() } : {}),
      ...(opts.failed ? { processingState: "failed", processingError: "matrix" } : {}),
    })
    .where(eq(documents.id, id));
  return id;
};
export const OWNER_OR_ADMIN: Role[] = ["Admin", "Author"];

/** A document In Review (visible to every role): reviewer has approved, reviewer2 is still pending. */
export const inReview = async (t: TestApp) => {
  const ids = await demoUserIds(t);
  const doc = await uploadDraft(t, "author", `Matrix ${randomUUID()}`);
  await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer, ids.reviewer2], approverId: ids.approver },
  });
  await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "reviewer",
    body: { status: "Approved" },
  });
  return doc;
};
