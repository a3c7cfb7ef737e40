import type { AuditEntry } from "@quire/contracts";

/** What the Settings › Audit filters hold; empty strings mean "any". */
export interface AuditFilters {
  userId: string;
  /** "system" for Quire's own actions (it has no user id), else empty. */
  actor: string;
  subjectType: string;
  action: string;
  documentId: string;
  /** yyyy-mm-dd from the date inputs; the server reads a day as its whole (UTC) day. */
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditFilters = {
  userId: "",
  actor: "",
  subjectType: "",
  action: "",
  documentId: "",
  from: "",
  to: "",
};

/** The query string GET /api/activity and /api/activity.csv share, leaving out empty filters. */
export function auditSearchParams(filters: AuditFilters, page?: { page: number; pageSize: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) params.set(key, trimmed);
  }
  if (page) {
    params.set("page", String(page.page));
    params.set("pageSize", String(page.pageSize));
  }
  return params.toString();
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value : null;

/**
 * What an entry is about, for a person: the document's title (linked by the caller), else the
 * category, user, token or setting named from the entry's data, else the kind of subject.
 */
export function describeSubject(entry: AuditEntry): { label: string; documentId: string | null } {
  if (entry.documentId) {
    return { label: entry.documentTitle ?? "Deleted document", documentId: entry.documentId };
  }
  const data = entry.data ?? {};
  switch (entry.subjectType) {
    case "category":
      return { label: `Category ${entry.subjectName ?? text(data.name) ?? ""}`.trim(), documentId: null };
    case "group":
      return { label: `Group ${entry.subjectName ?? text(data.name) ?? ""}`.trim(), documentId: null };
    case "user":
      return { label: `User ${entry.subjectName ?? text(data.username) ?? ""}`.trim(), documentId: null };
    case "token":
      return { label: `Access token ${text(data.name) ?? ""}`.trim(), documentId: null };
    case "settings":
      return { label: `Settings: ${Object.keys(data).join(", ") || "organization"}`, documentId: null };
    case "waitlist":
      return { label: `Waitlist ${text(data.email) ?? ""}`.trim(), documentId: null };
    case "session":
      return { label: "Session", documentId: null };
    case "notification":
      return { label: "Notifications", documentId: null };
    case "suggestion":
      return { label: `AI suggestion ${text(data.kind) ?? ""}`.trim(), documentId: null };
    case "backup":
      return { label: "Backup", documentId: null };
    case "ingestion":
      return { label: `Ingested file ${text(data.name) ?? ""}`.trim(), documentId: null };
    default:
      return { label: entry.subjectType, documentId: null };
  }
}

/** The kinds of subject the filter offers, as people name them. */
export const subjectKinds: ReadonlyArray<{ value: AuditEntry["subjectType"]; label: string }> = [
  { value: "document", label: "Documents" },
  { value: "approval", label: "Reviews and approvals" },
  { value: "category", label: "Categories" },
  { value: "user", label: "Users" },
  { value: "group", label: "Groups" },
  { value: "settings", label: "Settings" },
  { value: "session", label: "Sign-ins" },
  { value: "token", label: "Access tokens" },
  { value: "notification", label: "Notifications" },
  { value: "suggestion", label: "AI suggestions" },
  { value: "waitlist", label: "Waitlist" },
  { value: "backup", label: "Backups" },
  { value: "ingestion", label: "Ingestion" },
];
