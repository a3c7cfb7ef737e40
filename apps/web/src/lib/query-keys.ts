/**
 * Query-key factories, one per entity: every query and every invalidation builds its key here,
 * so a key is written once. Keys start with their resource root (e.g. "/api/documents"), and
 * narrower keys extend broader ones, so invalidating `documentKeys.all` refreshes every list,
 * count, detail, version, summary and history under it. Shared (not in a feature) because
 * invalidations cross features: an upload refreshes documents and category counts.
 */
import type { DocumentStatus } from "@quire/contracts";

export const sessionKeys = {
  user: ["/api/auth/user"] as const,
  loginOptions: ["/api/auth/login"] as const,
  savedViews: ["/api/auth", "views"] as const,
  tour: ["/api/auth", "tour"] as const,
  language: ["/api/auth", "language"] as const,
  /** The mutation that swaps this browser's session for another user's (the demo role switch). */
  switchUser: ["/api/auth", "switch-user"] as const,
};

/** An upload's analysis, per chosen file (kept apart from documentKeys: an upload must not refetch it). */
export const uploadKeys = {
  analyse: (name: string, size: number, lastModified: number) =>
    ["/api/documents/upload/analyse", name, size, lastModified] as const,
};

export const documentKeys = {
  all: ["/api/documents"] as const,
  list: (params: object) => [...documentKeys.all, "list", params] as const,
  count: (status?: DocumentStatus) => [...documentKeys.all, "count", status ?? "all"] as const,
  recent: (limit: number) => [...documentKeys.all, "recent", limit] as const,
  stats: () => [...documentKeys.all, "stats"] as const,
  facets: () => [...documentKeys.all, "facets"] as const,
  insights: () => [...documentKeys.all, "insights"] as const,
  reviewsDue: () => [...documentKeys.all, "reviews-due"] as const,
  detail: (id: string) => [...documentKeys.all, id] as const,
  versions: (id: string) => [...documentKeys.detail(id), "versions"] as const,
  diff: (id: string, from: number, to: number) => [...documentKeys.detail(id), "diff", from, to] as const,
  diffAnalysis: (id: string, from: number, to: number) =>
    [...documentKeys.diff(id, from, to), "analysis"] as const,
  approval: (id: string) => [...documentKeys.detail(id), "approval"] as const,
  records: (id: string) => [...documentKeys.detail(id), "approval-records"] as const,
  signing: (id: string) => [...documentKeys.detail(id), "signing"] as const,
  activity: (id: string, pageSize: number) => [...documentKeys.detail(id), "activity", { pageSize }] as const,
  summary: (id: string) => [...documentKeys.detail(id), "summary"] as const,
  improvements: (id: string) => [...documentKeys.detail(id), "improvements"] as const,
  reviewSuggestion: (id: string) => [...documentKeys.detail(id), "review-suggestion"] as const,
  original: (url: string) => ["original", url] as const,
  access: (id: string) => [...documentKeys.detail(id), "access"] as const,
  accessHolders: (id: string) => [...documentKeys.access(id), "holders"] as const,
  acknowledgement: (id: string) => [...documentKeys.detail(id), "acknowledgement"] as const,
  acknowledgementReport: (id: string) => [...documentKeys.acknowledgement(id), "report"] as const,
  comments: (id: string) => [...documentKeys.detail(id), "comments"] as const,
  mentionable: (id: string, q: string, version: number | null) =>
    [...documentKeys.comments(id), "mentionable", { q, version }] as const,
};

export const acknowledgementKeys = {
  mine: ["/api/acknowledgements/mine"] as const,
};

export const categoryKeys = {
  all: ["/api/categories"] as const,
  stats: () => [...categoryKeys.all, "stats"] as const,
  access: (id: string) => [...categoryKeys.all, id, "access"] as const,
  signing: (id: string) => [...categoryKeys.all, id, "signing"] as const,
  template: (id: string) => [...categoryKeys.all, id, "approval-template"] as const,
  reviewInterval: (id: string) => [...categoryKeys.all, id, "review-interval"] as const,
};

export const tokenKeys = {
  all: ["/api/auth/tokens"] as const,
};

export const groupKeys = {
  all: ["/api/groups"] as const,
};

export const approvalKeys = {
  all: ["/api/approvals"] as const,
  stats: () => [...approvalKeys.all, "stats"] as const,
};

export const notificationKeys = {
  all: ["/api/notifications"] as const,
  unreadCount: () => [...notificationKeys.all, "unread-count"] as const,
  preferences: () => [...notificationKeys.all, "preferences"] as const,
};

export const searchKeys = {
  all: ["/api/search"] as const,
  results: (params: object) => [...searchKeys.all, "results", params] as const,
  suggestions: () => [...searchKeys.all, "suggestions"] as const,
};

export const aiKeys = {
  suggestions: ["/api/ai/suggestions"] as const,
  /** The assistant's answer to a search that reads as a question (the search page). */
  answer: (question: string) => ["/api/ai/ask", question] as const,
  categorize: ["/api/ai/categorize"] as const,
  categorizeFile: (name: string, size: number, lastModified: number) =>
    [...aiKeys.categorize, name, size, lastModified] as const,
  categorizeStored: (documentId: string) => [...aiKeys.categorize, documentId] as const,
};

export const settingsKeys = {
  all: ["/api/settings"] as const,
  publicContact: ["/api/public/contact"] as const,
  system: ["/api/system"] as const,
  ingestion: ["/api/ingestion"] as const,
  ocrLanguages: ["/api/ingestion/languages"] as const,
  mailAccounts: ["/api/ingestion/mail/accounts"] as const,
  mailMessages: (id: string) => ["/api/ingestion/mail/accounts", id, "messages"] as const,
};

export const userKeys = {
  all: ["/api/users"] as const,
  /** Disabled accounts included (Settings › Users, for Admins). */
  managed: () => [...userKeys.all, "managed"] as const,
};

export const activityKeys = {
  all: ["/api/activity"] as const,
  page: (filters: object, page: number, pageSize: number) =>
    [...activityKeys.all, { ...filters, page, pageSize }] as const,
};

export const accountKeys = {
  outOfOffice: ["/api/account/out-of-office"] as const,
};
