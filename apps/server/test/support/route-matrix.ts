import { randomUUID } from "node:crypto";
import { documentMatrix } from "./route-matrix-documents";
import { ingestionMatrix } from "./route-matrix-ingestion";
import {
  ALL,
  freshCategory,
  freshDocument,
  freshUser,
  freshGroup,
  uploadBody,
  OWNER_OR_ADMIN,
  type MatrixEntry,
} from "./route-matrix-fixtures";

/**
 * Every non-public API route with who may call it, for the route-guard tests (role matrix and
 * the access-list axis): here the app-wide routes and lists, in route-matrix-documents.ts those
 * that act on one document. A test helper, kept out of any test file so several can read it.
 * The role matrix's last test proves nothing is left out.
 */
export const matrix: MatrixEntry[] = [
  { method: "GET", route: "/api/auth/user", allowed: ALL },
  { method: "GET", route: "/api/auth/views", allowed: ALL },
  { method: "PUT", route: "/api/auth/views", allowed: ALL, prepare: async () => ({ body: [] }) },
  { method: "GET", route: "/api/auth/tour", allowed: ALL },
  {
    method: "PUT",
    route: "/api/auth/tour",
    allowed: ALL,
    prepare: async () => ({ body: { completed: true } }),
  },
  { method: "GET", route: "/api/auth/language", allowed: ALL },
  {
    method: "PUT",
    route: "/api/auth/language",
    allowed: ALL,
    prepare: async () => ({ body: { language: "de" } }),
  },
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
  { method: "GET", route: "/api/documents", allowed: ALL },
  { method: "GET", route: "/api/documents/recent", allowed: ALL },
  { method: "GET", route: "/api/documents/stats", allowed: ALL },
  { method: "GET", route: "/api/documents/facets", allowed: ALL },
  {
    method: "GET",
    route: "/api/documents/category/:categoryId",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/category/${await freshCategory(t)}` }),
  },
  { method: "POST", route: "/api/documents/upload", allowed: OWNER_OR_ADMIN, ok: 201, prepare: uploadBody },
  // Reads the file as an upload would and stores nothing.
  {
    method: "POST",
    route: "/api/documents/upload/analyse",
    allowed: OWNER_OR_ADMIN,
    readOnly: true,
    prepare: uploadBody,
  },
  // Bulk changes over one fresh document (the author's): its one change is its one entry.
  {
    method: "POST",
    route: "/api/documents/bulk",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({
      body: { ids: [await freshDocument(t)], action: "addTags", params: { tags: ["matrix"] } },
    }),
  },
  // A zip of originals: each one in it is the reader's "Downloaded original", as a single download.
  {
    method: "POST",
    route: "/api/documents/bulk/download",
    allowed: ALL,
    prepare: async (t) => ({ body: { ids: [await freshDocument(t)] } }),
  },
  { method: "GET", route: "/api/approvals", allowed: ALL },
  {
    method: "GET",
    route: "/api/categories/:id/approval-template",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}/approval-template` }),
  },
  {
    method: "PUT",
    route: "/api/categories/:id/approval-template",
    allowed: ["Admin"],
    prepare: async (t) => ({
      url: `/api/categories/${await freshCategory(t)}/approval-template`,
      body: {
        stages: [
          {
            name: "Approval",
            roles: ["Approver"],
            groupIds: [],
            quorum: { kind: "any" },
            dueDays: 3,
            onChanges: "end",
            onReject: "end",
            sendBack: true,
          },
        ],
      },
    }),
  },
  {
    method: "DELETE",
    route: "/api/categories/:id/approval-template",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}/approval-template` }),
  },
  {
    method: "GET",
    route: "/api/categories/:id/signing",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}/signing` }),
  },
  {
    method: "PUT",
    route: "/api/categories/:id/signing",
    allowed: ["Admin"],
    prepare: async (t) => ({
      url: `/api/categories/${await freshCategory(t)}/signing`,
      body: { requiresPassword: false },
    }),
  },
  { method: "GET", route: "/api/record-signing-key", allowed: ALL },
  {
    method: "GET",
    route: "/api/categories/:id/review-interval",
    allowed: ["Admin"],
    prepare: async (t) => ({ url: `/api/categories/${await freshCategory(t)}/review-interval` }),
  },
  {
    method: "PUT",
    route: "/api/categories/:id/review-interval",
    allowed: ["Admin"],
    ok: 204,
    prepare: async (t) => ({
      url: `/api/categories/${await freshCategory(t)}/review-interval`,
      body: { months: 12 },
    }),
  },
  { method: "GET", route: "/api/record-signing-key.pem", allowed: ALL },
  { method: "GET", route: "/api/account/out-of-office", allowed: ALL },
  {
    method: "PUT",
    route: "/api/account/out-of-office",
    allowed: ALL,
    prepare: async () => ({ body: { delegation: null } }),
  },
  ...ingestionMatrix,
  { method: "GET", route: "/api/approvals/stats", allowed: ALL },
  { method: "GET", route: "/api/dashboard/insights", allowed: ALL },
  { method: "GET", route: "/api/dashboard/periodic-reviews", allowed: ALL },
  { method: "GET", route: "/api/acknowledgements/mine", allowed: ALL },
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
  ...documentMatrix,
];
