import { z } from "zod";
import { roundActivityActions } from "./decisions";

/**
 * Every action the activity log records, as the server writes it and people read it in a
 * document's history and the audit: one list, so the server can write no other and the web
 * matches entries by these names (review rounds' through `roundActivityKind`), never by a prefix.
 */
export const activityActions = [
  // A document and its versions (the system actor writes the processing ones).
  "Uploaded",
  "New version",
  "Edited details",
  "Changed owner",
  "Archived",
  "Restored",
  "Retried processing",
  "Converted",
  "Recognised text",
  "Tagged from text",
  "Processed",
  "Processing failed",
  // Filing without a category: Quire's choice (the system actor), then a person's confirmation.
  "Filed automatically",
  "Confirmed filing",
  // Who may open a document.
  "Restricted document",
  "Removed restriction",
  "Shared document",
  // Reads worth auditing.
  "Viewed",
  "Viewed original",
  "Downloaded original",
  "Downloaded as Word",
  "Exported summary",
  // Review rounds.
  ...roundActivityActions.submitted,
  ...roundActivityActions.reviewed,
  ...roundActivityActions.decided,
  "Review withdrawn",
  "Escalated: overdue",
  "Delegated",
  "Set out of office",
  "Cleared out of office",
  "Approval template changed",
  "Signing rule changed",
  // Document control: the effective version's periodic review.
  "Set periodic review",
  "Confirmed periodic review",
  "Periodic review due",
  // Read-and-acknowledge campaigns.
  "Started acknowledgement campaign",
  "Closed acknowledgement campaign",
  "Acknowledged",
  "Sent acknowledgement reminders",
  // Comments on a document, beside its review rounds.
  "Commented",
  "Replied to comment",
  "Edited comment",
  "Deleted comment",
  "Resolved comment thread",
  "Reopened comment thread",
  // Categories and groups.
  "Created category",
  "Edited category",
  "Deleted category",
  "Changed category access",
  "Created group",
  "Changed group",
  "Deleted group",
  // People, sign-in and their own settings.
  "Created user",
  "Changed role",
  "Disabled user",
  "Enabled user",
  "Updated user from single sign-on",
  "Signed in",
  "Signed out",
  "Switched demo role",
  "Changed password",
  "Created API token",
  "Revoked API token",
  "Saved document views",
  "Completed the guided tour",
  "Reset the guided tour",
  "Changed interface language",
  "Read notification",
  "Read all notifications",
  "Changed notification preferences",
  // The assistant's suggestions, the organisation's settings and the rest.
  "Applied suggestion",
  "Dismissed suggestion",
  "Changed settings",
  "Joined the waitlist",
  "Downloaded backup",
  // Files entering the archive (the watched folder, mail): Quire's doing.
  "Ingestion failed",
  "Ingestion deferred",
  "Skipped duplicate",
  "Retried ingestion",
  "Added mail account",
  "Changed mail account",
  "Removed mail account",
  "Polled mail account",
  "Changed OCR languages",
] as const;
export const activityActionSchema = z.enum(activityActions);
export type ActivityAction = (typeof activityActions)[number];

/** Whether `action` is one the server writes (an entry's name read back from the log). */
export function isActivityAction(action: string): action is ActivityAction {
  return (activityActions as readonly string[]).includes(action);
}
