import { randomUUID } from "node:crypto";
import type { Role } from "@quire/contracts";
import type { TestApp } from "../../test/support/harness";

/**
 * Every non-public API route with who may call it, for the route-guard tests (role matrix and
 * the access-list axis). A test helper, kept out of any test file so both can read it.
 */

export const demoUserOf: Record<Role, string> = {
  Admin: "admin",
  Author: "author",
  Reviewer: "reviewer",
  Approver: "approver",
  Viewer: "viewer",
};

export interface MatrixEntry {
  method: string;
  /** The route as registered, e.g. /api/categories/:id */
  route: string;
  /** Roles that may act; every other role gets 403 (or 404 where existence is hidden). */
  allowed: readonly Role[] | "all";
  /** Builds a fresh, valid request for one attempt (a new target each time, so attempts do not interfere). */
  prepare?: (t: TestApp) => Promise<{ url?: string; body?: unknown; headers?: Record<string, string> }>;
  /** Expected success status. */
  ok?: number;
  /** What a role outside `allowed` gets: 403, or 404 where the target is hidden from it. */
  denied?: 403 | 404;
  /** An event stream never ends: read its status from a streamed response, then hang up. */
  stream?: boolean;
  /** A POST that computes and changes nothing (a question, a suggestion, a recomputed cache): no activity entry. */
  readOnly?: boolean;
  /** A GET an auditor needs (opening a document, downloading it): its first success writes this entry. */
  recordsRead?: string;
}

import {
  ALL,
  freshCategory,
  freshUser,
  freshGroup,
  uploadBody,
  freshDocument,
  OWNER_OR_ADMIN,
  inReview,
} from "./route-matrix-fixtures";

export { ALL } from "./route-matrix-fixtures";

/** Every non-public API route, with who may call it. The last test proves nothing is left out. */
export const matrix: MatrixEntry[] = [
  { method: "GET", route: "/api/auth/user", allowed: ALL },
  { method: "GET", route: "/api/auth/views", allowed: ALL },
  { method: "PUT", route: "/api/auth/views", allowed: ALL, prepare: async () => ({ body: [] }) },
  { method: "GET", route: "/api/docs", allowed: ALL },
  { method: "GET", route: "/api/docs/json", allowed: ALL },
  { method: "GET", route: "/api/docs/yaml", allowed: ALL },
  { method: "GET", route: "/api/admin/backup", allowed: ["Admin"], stream: true },
  { method: "GET", route: "/api/events", allowed: ALL, stream: true },
  { method: "POST", route: "/api/auth/logout", allowed: ALL, ok: 204 },
  {
    method: "POST",
    route: "/api/auth/demo-role",
    allowed: ALL,
    prepare: async () => ({ body: { role: "Viewer" } }),
  },
  {
    method: "POST",
    route: "/api/auth/password",
    allowed: ALL,
    ok: 400,
    prepare: async () => ({
      body: { currentPassword: "wrong-on-purpose", newPassword: "long-enough-password" },
    }),
  },
  { method: "GET", route: "/api/auth/tokens", allowed: ALL },
  {
    method: "POST",
    route: "/api/auth/tokens",
    allowed: ALL,
    ok: 201,
    prepare: async () => ({ body: { name: "matrix" } }),
  },
  // Revoking someone else's token or a made-up id is "not found" for everyone.
  {
    method: "DELETE",
    route: "/api/auth/tokens/:id",
    allowed: ALL,
    ok: 404,
    prepare: async () => ({ url: `/api/auth/tokens/${randomUUID()}` }),
  },
  { method: "GET", route: "/api/users", allowed: ALL },
  {
    method: "POST",
    route: "/api/users",
    allowed: ["Admin"],
    ok: 201,
    prepare: async () => ({ body: { username: `m${randomUUID().slice(0, 8)}`, role: "Viewer" } }),
  },
  {
    method: "PATCH",
    route: "/api/users/:id",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/users/${await freshUser(t)}`, body: { role: "Author" } }),
  },
  { method: "GET", route: "/api/categories", allowed: ALL },
  { method: "GET", route: "/api/categories/stats", allowed: ALL },
  {
    method: "GET",
    route: "/api/categories/:id",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}` }),
  },
  {
    method: "POST",
    route: "/api/categories",
    allowed: ["Admin"],
    ok: 201,
    prepare: async () => ({ body: { name: `Matrix ${randomUUID()}`, color: "blue" } }),
  },
  {
    method: "PATCH",
    route: "/api/categories/:id",
    allowed: ["Admin"],
    prepare: async (t) => ({
      url: `/api/categories/${await freshCategory(t)}`,
      body: { description: "changed" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/categories/:id",
    allowed: ["Admin"],
    ok: 204,
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}` }),
  },
  // Group names serve every sharing picker; members and changes are the Admin's.
  { method: "GET", route: "/api/groups", allowed: ALL },
  {
    method: "GET",
    route: "/api/groups/:id",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/groups/${await freshGroup(t)}` }),
  },
  {
    method: "POST",
    route: "/api/groups",
    allowed: ["Admin"],
    ok: 201,
    prepare: async () => ({ body: { name: `Matrix ${randomUUID()}` } }),
  },
  {
    method: "PATCH",
    route: "/api/groups/:id",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/groups/${await freshGroup(t)}`, body: { description: "changed" } }),
  },
  {
    method: "DELETE",
    route: "/api/groups/:id",
    allowed: ["Admin"],
    ok: 204,
    prepare: async (t) => ({ url: `/api/groups/${await freshGroup(t)}` }),
  },
  {
    method: "GET",
    route: "/api/categories/:id/access",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}/access` }),
  },
  {
    method: "PUT",
    route: "/api/categories/:id/access",
    allowed: ["Admin"],
    prepare: async (t) => ({
      url: `/api/categories/${await freshCategory(t)}/access`,
      body: { everyone: "view", groups: [{ groupId: await freshGroup(t), access: "edit" }] },
    }),
  },
  // A document's own access list and "Who has access": its owner and Admins; others who see it get 403.
  {
    method: "GET",
    route: "/api/documents/:id/access",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/access` }),
  },
  {
    method: "PUT",
    route: "/api/documents/:id/access",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t)}/access`,
      body: { restricted: true, userIds: [], groupIds: [await freshGroup(t)] },
    }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/access/holders",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/access/holders` }),
  },
  { method: "GET", route: "/api/documents", allowed: ALL },
  { method: "GET", route: "/api/documents/recent", allowed: ALL },
  { method: "GET", route: "/api/documents/stats", allowed: ALL },
  {
    method: "GET",
    route: "/api/documents/category/:categoryId",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/category/${await freshCategory(t)}` }),
  },
  { method: "POST", route: "/api/documents/upload", allowed: OWNER_OR_ADMIN, ok: 201, prepare: uploadBody },
  {
    method: "GET",
    route: "/api/documents/:id",
    allowed: ALL,
    recordsRead: "Viewed",
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}` }),
  },
  {
    method: "PATCH",
    route: "/api/documents/:id",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}`, body: { tags: ["matrix"] } }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/versions",
    allowed: OWNER_OR_ADMIN,
    ok: 201,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t)}/versions`,
      body: { content: "# New\n", expectedVersion: 1 },
    }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/archive",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/archive` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/restore",
    allowed: OWNER_OR_ADMIN,
    denied: 404,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t, { archived: true })}/restore` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/retry",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t, { failed: true })}/retry` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/versions` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions/:version",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/versions/1` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions/:version/original",
    allowed: ALL,
    recordsRead: "Downloaded original",
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/versions/1/original` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/diff/:from/:to",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/diff/1/1` }),
  },
  // Owner Author and Admin pass the guard and meet the state rule (only a Draft is submitted): 409.
  {
    method: "POST",
    route: "/api/documents/:id/submit-review",
    allowed: OWNER_OR_ADMIN,
    ok: 409,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/submit-review`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/approval",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/approval` }),
  },
  // Only the assigned reviewers and approver pass the guard; here each meets a state rule (409):
  // the reviewer already reviewed, the approver is early. Everyone else is refused with 403.
  {
    method: "PATCH",
    route: "/api/documents/:id/approval",
    allowed: ["Reviewer", "Approver"],
    ok: 409,
    prepare: async (t) => ({
      url: `/api/documents/${await inReview(t)}/approval`,
      body: { status: "Approved", approverStatus: "Approved" },
    }),
  },
  { method: "GET", route: "/api/approvals", allowed: ALL },
  { method: "GET", route: "/api/approvals/stats", allowed: ALL },
  { method: "GET", route: "/api/dashboard/insights", allowed: ALL },
  { method: "GET", route: "/api/notifications", allowed: ALL },
  { method: "GET", route: "/api/notifications/unread-count", allowed: ALL },
  // Someone else's notification or a made-up id is "not found" for everyone.
  {
    method: "POST",
    route: "/api/notifications/:id/read",
    allowed: ALL,
    ok: 404,
    prepare: async () => ({ url: `/api/notifications/${randomUUID()}/read` }),
  },
  { method: "POST", route: "/api/notifications/read-all", allowed: ALL, ok: 204 },
  { method: "GET", route: "/api/notifications/preferences", allowed: ALL },
  {
    method: "PUT",
    route: "/api/notifications/preferences",
    allowed: ALL,
    prepare: async () => ({ body: { emailNotifications: true } }),
  },
  { method: "GET", route: "/api/settings", allowed: ALL },
  {
    method: "PATCH",
    route: "/api/settings",
    allowed: ["Admin"],
    prepare: async () => ({ body: { organization: { description: "Matrix" } } }),
  },
  { method: "GET", route: "/api/system", allowed: ALL },
  { method: "GET", route: "/api/waitlist", allowed: ["Admin"] },
  { method: "GET", route: "/api/activity", allowed: ["Admin"] },
  { method: "GET", route: "/api/activity.csv", allowed: ["Admin"] },
  {
    method: "GET",
    route: "/api/documents/:id/activity",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/activity` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/summary",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/summary` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/summary/refresh",
    allowed: ALL,
    readOnly: true,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/summary/refresh` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/summary.md",
    allowed: ALL,
    recordsRead: "Exported summary",
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/summary.md` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/improvements",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/improvements` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/diff/:from/:to/analysis",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/diff/1/1/analysis` }),
  },
  { method: "GET", route: "/api/ai/suggestions", allowed: ALL },
  {
    method: "POST",
    route: "/api/ai/ask",
    allowed: ALL,
    readOnly: true,
    prepare: async () => ({ body: { question: "What is the expense policy?" } }),
  },
  // A made-up suggestion is "not found" for those who may apply; everyone else is refused first.
  {
    method: "POST",
    route: "/api/ai/apply/:id",
    allowed: OWNER_OR_ADMIN,
    ok: 404,
    prepare: async () => ({ url: `/api/ai/apply/other-${randomUUID()}` }),
  },
  {
    method: "POST",
    route: "/api/ai/suggestions/:id/dismiss",
    allowed: OWNER_OR_ADMIN,
    ok: 404,
    prepare: async () => ({ url: `/api/ai/suggestions/other-${randomUUID()}/dismiss` }),
  },
  {
    method: "GET",
    route: "/api/ai/categorize/:documentId",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/ai/categorize/${await freshDocument(t)}` }),
  },
  {
    method: "POST",
    route: "/api/ai/categorize",
    allowed: ALL,
    readOnly: true,
    prepare: async () => ({ body: { title: "Expense claims", content: "Receipts are required." } }),
  },
  {
    method: "GET",
    route: "/api/search",
    allowed: ALL,
    prepare: async () => ({ url: "/api/search?q=policy" }),
  },
  { method: "GET", route: "/api/search/suggestions", allowed: ALL },
];
