import { z } from "zod";
import { idSchema } from "./common";
import { ISO_DATE } from "./text-dates";

/** How the history and the audit name Quire itself, the system actor (no account, no user id). */
export const SYSTEM_ACTOR_NAME = "Quire";

export const activitySubjectTypes = [
  "document",
  "approval",
  "category",
  "group",
  "user",
  "session",
  "token",
  "settings",
  "notification",
  "suggestion",
  "waitlist",
  "backup",
  "ingestion",
] as const;
export const activitySubjectTypeSchema = z.enum(activitySubjectTypes);

/** GET /api/activity and /api/activity.csv (Admin): the audit trail, newest first. */
export const activityQuerySchema = z.object({
  subjectType: activitySubjectTypeSchema.optional(),
  userId: idSchema.optional(),
  /** "system": only what Quire itself did (processing, import, schedules), which no user id names. */
  actor: z.literal("system").optional(),
  documentId: idSchema.optional(),
  /** Part of the action's name, case-insensitive ("role" finds "Changed role"). */
  action: z.string().trim().max(100).optional(),
  /** From this moment, or from the start of this day (UTC). */
  from: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  /** Until this moment, or to the end of this day (UTC). */
  to: z.union([z.iso.datetime({ offset: true }), z.iso.date()]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  subjectType: activitySubjectTypeSchema,
  subjectId: z.string().nullable(),
  documentId: z.string().nullable(),
  /** The document's title when the entry concerns one. */
  documentTitle: z.string().nullable(),
  /** The category's or user's current name when the entry is about one (deleted ones: null). */
  subjectName: z.string().nullable().optional(),
  userId: z.string().nullable(),
  /** Null for anonymous actions (the public waitlist); "Quire" when the system actor acted. */
  username: z.string().nullable(),
  /** Quire itself acted (processing, import, schedules): no person, userId is null. */
  system: z.boolean().optional(),
  ip: z.string().nullable(),
  comment: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The people, groups and categories `data` names by id, with their names now (ids of ones
   * since deleted are absent), so an auditor reads "jane" where the entry stored her id.
   */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids an entry's details hold: its values, and strings in its arrays, shaped as ids. */
export function idsInAuditData(data: Record<string, unknown> | null): string[] {
  if (!data) return [];
  const found = new Set<string>();
  for (const value of Object.values(data)) {
    for (const item of Array.isArray(value) ? value : [value])
      if (typeof item === "string" && UUID.test(item)) found.add(item);
  }
  return [...found];
}

/** How a screen words an entry's details: a field with its shown value, an empty list, yes and no. */
export type AuditDataWording = {
  /** The field and its value as one phrase ("Version 3"); the value is already shown (names, dates). */
  field: (key: string, shown: string) => string;
  none: string;
  yes: string;
  no: string;
};

/**
 * An entry's details as one line for people, server (CSV) and web (table) alike: each field as
 * "field: value" (or in `wording`'s words on screen), ids shown as "name (id)" where the name is
 * known (only the name on screen, where the id is noise), dates through `date` when given (the
 * screen's own style), nested objects left out.
 */
export function describeAuditData(
  data: Record<string, unknown> | null,
  names: Record<string, string> = {},
  {
    ids = true,
    date,
    wording,
  }: { ids?: boolean; date?: (iso: string) => string; wording?: AuditDataWording } = {},
): string {
  if (!data) return "";
  const show = (item: unknown): string | null => {
    const name = typeof item === "string" ? names[item] : undefined;
    if (name !== undefined) return ids ? `${name} (${String(item)})` : name;
    if (typeof item === "string") return date && ISO_DATE.test(item) ? date(item) : item;
    if (typeof item === "boolean" && wording) return item ? wording.yes : wording.no;
    if (typeof item === "number" || typeof item === "boolean") return String(item);
    return null;
  };
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const shown = Array.isArray(value)
      ? value
          .map(show)
          .filter((s): s is string => s !== null)
          .join(", ") ||
        (wording?.none ?? "none")
      : show(value);
    if (shown !== null) parts.push(wording ? wording.field(key, shown) : `${key}: ${shown}`);
  }
  return parts.join("; ");
}

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int().nonnegative(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/documents/{id}/activity: one document's history, newest first (its owner and Admins). */
export const documentActivityQuerySchema = activityQuerySchema.pick({ page: true, pageSize: true });
export type DocumentActivityQuery = z.infer<typeof documentActivityQuerySchema>;
