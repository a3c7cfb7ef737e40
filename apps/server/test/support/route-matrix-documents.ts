import {
  freshCampaign,
  freshComment,
  freshDocument,
  freshGroup,
  inReview,
  OWNER_OR_ADMIN,
  ALL,
  type MatrixEntry,
} from "./route-matrix-fixtures";

/**
 * The routes that act on one document (`/api/documents/:id…`, and categorising one), with who may
 * call them: part of the role matrix, and the routes the access-list axis
 * (route-guard-access.test.ts) runs again with the document where a role may or may not see it.
 */
export const documentMatrix: MatrixEntry[] = [
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
    route: "/api/documents/:id/category/confirm",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t, { autoFiled: true })}/category/confirm`,
      body: {},
    }),
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
  // A glance at a list: no read an auditor needs, so no entry.
  {
    method: "GET",
    route: "/api/documents/:id/versions/:version/thumbnail",
    allowed: ALL,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t, { thumbnail: true })}/versions/1/thumbnail`,
    }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/versions/:version/download",
    allowed: ALL,
    recordsRead: "Downloaded as Word",
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t)}/versions/1/download?format=docx`,
    }),
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
  {
    method: "GET",
    route: "/api/documents/:id/approval-template",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/approval-template` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/signing",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/signing` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/approval-records",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/approval-records` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/approval-records/:round/:format",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await inReview(t)}/approval-records/1/pdf` }),
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
  {
    method: "GET",
    route: "/api/ai/categorize/:documentId",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/ai/categorize/${await freshDocument(t)}` }),
  },
  // Document control: the effective version's periodic review, for its owner and Admins.
  {
    method: "GET",
    route: "/api/documents/:id/periodic-review/suggestion",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t, { effective: true })}/periodic-review/suggestion`,
    }),
  },
  {
    method: "PUT",
    route: "/api/documents/:id/periodic-review",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t, { effective: true })}/periodic-review`,
      body: { intervalMonths: 24 },
    }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/periodic-review/confirm",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t, { effective: true })}/periodic-review/confirm`,
      body: { comment: "Still right" },
    }),
  },
  // Read-and-acknowledge: anyone who reads it sees the campaign and, when asked, confirms; its owner and Admins start and report.
  {
    method: "GET",
    route: "/api/documents/:id/acknowledgement",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshCampaign(t)}/acknowledgement` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/acknowledgement",
    allowed: OWNER_OR_ADMIN,
    ok: 201,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t, { effective: true })}/acknowledgement`,
      body: { everyone: true },
    }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/acknowledgement/acknowledge",
    allowed: ALL,
    ok: 201,
    prepare: async (t) => ({
      url: `/api/documents/${await freshCampaign(t)}/acknowledgement/acknowledge`,
      body: { version: 1 },
    }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/acknowledgement/report",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshCampaign(t)}/acknowledgement/report` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/acknowledgement/report.csv",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `/api/documents/${await freshCampaign(t)}/acknowledgement/report.csv` }),
  },
  // Comments: whoever reads a document comments, replies and is offered colleagues to mention; only
  // its author edits or deletes a comment (here the owning Author's); its author or an editor of
  // the document (the owner, Admins) resolves and reopens a thread.
  {
    method: "GET",
    route: "/api/documents/:id/comments",
    allowed: ALL,
    prepare: async (t) => ({ url: (await freshComment(t)).replace(/\/[^/]+$/, "") }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/comments/mentionable",
    allowed: ALL,
    prepare: async (t) => ({ url: `/api/documents/${await freshDocument(t)}/comments/mentionable?q=a` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/comments",
    allowed: ALL,
    ok: 201,
    prepare: async (t) => ({
      url: `/api/documents/${await freshDocument(t)}/comments`,
      body: { body: "The retention period looks short." },
    }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/comments/:commentId/replies",
    allowed: ALL,
    ok: 201,
    prepare: async (t) => ({ url: `${await freshComment(t)}/replies`, body: { body: "Agreed." } }),
  },
  {
    method: "PATCH",
    route: "/api/documents/:id/comments/:commentId",
    allowed: ["Author"],
    prepare: async (t) => ({
      url: await freshComment(t),
      body: { body: "Is the third clause still right?" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/documents/:id/comments/:commentId",
    allowed: ["Author"],
    ok: 204,
    prepare: async (t) => ({ url: await freshComment(t) }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/comments/:commentId/resolve",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `${await freshComment(t)}/resolve` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/comments/:commentId/reopen",
    allowed: OWNER_OR_ADMIN,
    prepare: async (t) => ({ url: `${await freshComment(t, { resolved: true })}/reopen` }),
  },
];
