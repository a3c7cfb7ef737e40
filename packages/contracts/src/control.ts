import { z } from "zod";

/**
 * Document control: the effective version (the last approved one) and its periodic review. The
 * rules both sides apply live here: when a review is due, and how a date moves by whole months.
 */

/** A review is "due" this many days before its date; after the date it has lapsed (overdue). */
export const REVIEW_DUE_WINDOW_DAYS = 30;
/** A review interval is a whole number of months within ten years. */
export const MAX_REVIEW_INTERVAL_MONTHS = 120;

export const reviewStates = ["none", "scheduled", "due", "overdue"] as const;
export type ReviewState = (typeof reviewStates)[number];

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "use a day as YYYY-MM-DD")
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "not a real day");

export const reviewIntervalSchema = z
  .number()
  .int("a whole number of months")
  .min(1, "at least 1 month")
  .max(MAX_REVIEW_INTERVAL_MONTHS, `at most ${MAX_REVIEW_INTERVAL_MONTHS} months`);

/** GET/PUT /api/categories/:id/review-interval: the category's default interval; null for none. */
export const categoryReviewIntervalSchema = z.object({ months: reviewIntervalSchema.nullable() }).strict();
export type CategoryReviewInterval = z.infer<typeof categoryReviewIntervalSchema>;

/** `day` (YYYY-MM-DD) moved by whole months, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** `day` moved by whole days. */
export function addDaysTo(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The next review: the later of the effective date and the last confirmation, plus the interval. */
export function nextReviewDate(
  effectiveOn: string | null,
  confirmedOn: string | null,
  intervalMonths: number | null,
): string | null {
  if (!effectiveOn || !intervalMonths) return null;
  const base = confirmedOn && confirmedOn > effectiveOn ? confirmedOn : effectiveOn;
  return addMonths(base, intervalMonths);
}

/** Where a review date stands on `today`: lapsed after it, due within the window before it. */
export function reviewStateOn(today: string, nextReviewOn: string | null): ReviewState {
  if (!nextReviewOn) return "none";
  if (today > nextReviewOn) return "overdue";
  if (addDaysTo(today, REVIEW_DUE_WINDOW_DAYS) >= nextReviewOn) return "due";
  return "scheduled";
}

/** Whole months from one day to a later one (rounded), or null when it is not later. */
export function monthsBetween(from: string, to: string): number | null {
  if (to <= from) return null;
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) + (td - fd) / 30;
  const rounded = Math.round(months);
  return rounded >= 1 ? Math.min(rounded, MAX_REVIEW_INTERVAL_MONTHS) : null;
}

export const periodicReviewSchema = z.object({
  /** The date the effective version took effect, from which its reviews are counted. */
  effectiveOn: z.string().nullable(),
  intervalMonths: z.number().int().nullable(),
  /** Where the interval comes from: the document's own, its category's default, or none. */
  intervalSource: z.enum(["document", "category", "none"]),
  nextReviewOn: z.string().nullable(),
  lastConfirmedAt: z.string().nullable(),
  state: z.enum(reviewStates),
});
export type PeriodicReview = z.infer<typeof periodicReviewSchema>;

/** What a document's page says about its control: effective, in progress, periodic review. */
export const documentControlSchema = z.object({
  /** The last approved version, or null while nothing was approved. */
  effectiveVersion: z.number().int().nullable(),
  /** When it was approved. */
  effectiveAt: z.string().nullable(),
  /** True when the reader reads the effective version while a later one is in draft or review. */
  readingEffective: z.boolean(),
  /**
   * A later version in progress: its number and status, for those who may read it and, once it is
   * in review, for everyone (a private draft is not mentioned to those it is hidden from).
   */
  revision: z
    .object({
      version: z.number().int(),
      status: z.enum(["Draft", "In Review", "Changes Requested", "Rejected"]),
    })
    .nullable(),
  periodicReview: periodicReviewSchema,
});
export type DocumentControl = z.infer<typeof documentControlSchema>;

/** The owner confirms the effective date and the interval (null: follow the category). */
export const periodicReviewInputSchema = z
  .object({
    effectiveOn: isoDay.optional(),
    intervalMonths: reviewIntervalSchema.nullable(),
  })
  .strict();
export type PeriodicReviewInput = z.infer<typeof periodicReviewInputSchema>;

/** Suggestions read from the effective version's opening lines, for the owner to confirm. */
export const periodicReviewSuggestionSchema = z.object({
  effectiveOn: z.string().nullable(),
  reviewOn: z.string().nullable(),
  intervalMonths: z.number().int().nullable(),
  /** The words they were read from ("Effective: 1 March 2026", "Review date: March 2027"). */
  effectiveText: z.string().nullable(),
  reviewText: z.string().nullable(),
});
export type PeriodicReviewSuggestion = z.infer<typeof periodicReviewSuggestionSchema>;

export const reconfirmInputSchema = z.object({ comment: z.string().trim().max(2000).optional() }).strict();

/** One line of the dashboard's periodic review list. */
export const reviewDueItemSchema = z.object({
  documentId: z.string(),
  title: z.string(),
  owner: z.string(),
  effectiveVersion: z.number().int(),
  nextReviewOn: z.string(),
  state: z.enum(["due", "overdue"]),
});
export type ReviewDueItem = z.infer<typeof reviewDueItemSchema>;

/** The controlled-copy line an export of an effective version carries. */
export function controlledCopyStamp(version: number, effectiveOn: string): string {
  return `Controlled copy, version ${version}, effective ${effectiveOn}; uncontrolled when printed`;
}
