import type { AuditDataWording, AuditEntry } from "@quire/contracts";
import { i18n } from "@/lib/i18n";
import type { Catalogue } from "@/locales/en";
import "../locale";

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

type SubjectKind = Exclude<
  keyof Catalogue["settings"]["audit"]["subjects"],
  "deletedDocument" | "organization"
>;

/** A subject named in the interface's language: "Category Legal", or "Category" without a name. */
const named = (kind: SubjectKind, name: string | null | undefined): string =>
  i18n.t(`settings:audit.subjects.${kind}`, { name: name ?? "" }).trim();

/**
 * What an entry is about, for a person: the document's title (linked by the caller), else the
 * category, user, token or setting named from the entry's data, else the kind of subject.
 */
export function describeSubject(entry: AuditEntry): { label: string; documentId: string | null } {
  if (entry.documentId) {
    return {
      label: entry.documentTitle ?? i18n.t("settings:audit.subjects.deletedDocument"),
      documentId: entry.documentId,
    };
  }
  const data = entry.data ?? {};
  const label = (kind: SubjectKind, name?: string | null) => ({ label: named(kind, name), documentId: null });
  switch (entry.subjectType) {
    case "category":
      return label("category", entry.subjectName ?? text(data.name));
    case "group":
      return label("group", entry.subjectName ?? text(data.name));
    case "user":
      return label("user", entry.subjectName ?? text(data.username));
    case "token":
      return label("token", text(data.name));
    case "settings":
      // The changed settings' keys are names from the API, the same in every language.
      return label(
        "settings",
        Object.keys(data).join(", ") || i18n.t("settings:audit.subjects.organization"),
      );
    case "waitlist":
      return label("waitlist", text(data.email));
    case "session":
      return label("session");
    case "notification":
      return label("notification");
    case "suggestion":
      return label("suggestion", text(data.kind));
    case "backup":
      return label("backup");
    case "ingestion":
      return label("ingestion", text(data.name));
    default:
      return { label: entry.subjectType, documentId: null };
  }
}

/** The kinds of subject the filter offers, in its order; each named by `audit.kinds.<kind>`. */
export const subjectKinds: readonly AuditEntry["subjectType"][] = [
  "document",
  "approval",
  "category",
  "user",
  "group",
  "settings",
  "session",
  "token",
  "notification",
  "suggestion",
  "waitlist",
  "backup",
  "ingestion",
];

type AuditField = keyof Catalogue["settings"]["audit"]["fields"];

/** A content fingerprint (a SHA-256) on screen: its first characters tell versions apart; the CSV keeps it whole. */
const FINGERPRINT_SHOWN = 12;

const isAuditField = (key: string): key is AuditField => i18n.exists(`settings:audit.fields.${key}`);

/**
 * How the audit table words an entry's details in the interface's language: "Version 3",
 * "Stage 1", "Content fingerprint 2ba5d5…". A field the catalogue does not name (a setting's key,
 * a newer field) keeps its own name: "field: value".
 */
export function auditDataWording(): AuditDataWording {
  return {
    field: (key, shown) => {
      if (!isAuditField(key)) return `${key}: ${shown}`;
      const value =
        key === "markdownSha256" && shown.length > FINGERPRINT_SHOWN
          ? `${shown.slice(0, FINGERPRINT_SHOWN)}…`
          : shown;
      return i18n.t(`settings:audit.fields.${key}`, { value });
    },
    none: i18n.t("settings:audit.values.none"),
    yes: i18n.t("settings:audit.values.yes"),
    no: i18n.t("settings:audit.values.no"),
  };
}
