import { z } from "zod";
import { roundReasonSchema } from "./round-reasons";

/**
 * What a notification says, as facts: which message it is and what fills it in (a document's
 * title, who acted, a version, a reason, a day). The web writes the title and body from these in
 * the reader's language; the English `title` and `body` the server also keeps are composed from
 * the same facts, for e-mail and API clients. A kind can have several messages (a review request
 * asks for the first stage or the next one; a reminder is due today or tomorrow), so the message
 * is a fact of its own beside the kind that preferences and settling key on.
 *
 * Params are data, never markup. Days are calendar days ("2026-03-01") in params named `…On`, so
 * each language writes them its own way.
 */
const text = z.string();
const version = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int();

const message = <K extends string, P extends z.ZodRawShape>(key: K, params: P) =>
  z.object({ key: z.literal(key), params: z.object(params) });

export const notificationMessageSchema = z.discriminatedUnion("key", [
  message("mentioned", { by: text, document: text, version }),
  message("reviewRequested", { by: text, document: text, version }),
  // A review stage passed and the next one opened.
  message("nextStageReview", { document: text }),
  message("readyForApproval", { document: text }),
  // `comment`: the reason given, empty when none was.
  message("changesRequested", { by: text, document: text, comment: text }),
  // The approver sent the document back (not a final decision).
  message("sentBack", { by: text, document: text, comment: text }),
  message("approved", { by: text, document: text, comment: text }),
  message("rejected", { by: text, document: text, comment: text }),
  // `reason`: why the round ended, as the activity log records it (in English); `why`: the same as
  // facts, for the reader's language (absent on notifications written before they were kept).
  message("reviewWithdrawn", { document: text, reason: text, why: roundReasonSchema.optional() }),
  message("newVersion", { by: text, document: text, version }),
  message("reviewDueToday", { stage: text, document: text }),
  message("reviewDueTomorrow", { stage: text, document: text, dueOn: day }),
  // `waiting`: the names it still waits on, comma-separated; empty when nobody can still act.
  message("reviewOverdue", { stage: text, document: text, dueOn: day, waiting: text }),
  message("periodicReviewDue", { document: text, reviewOn: day, version }),
  message("periodicReviewLapsed", { document: text, reviewOn: day, version }),
  message("acknowledgementRequested", { document: text, version }),
  message("acknowledgementReminder", { document: text, version }),
  // Sent by applying a dashboard suggestion (ai.ts `aiSuggestionMessageSchema` says why).
  message("staleReviewDate", { document: text, reviewDate: text, days: count }),
  message("staleUnchanged", { document: text, days: count }),
  message("stuckReminder", { document: text, days: count }),
  message("duplicateArchived", { document: text, newer: text }),
  message("nearDuplicate", { document: text, newer: text }),
]);
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;
export type NotificationMessageKey = NotificationMessage["key"];
export const notificationMessageKeys = notificationMessageSchema.options.map(
  (option) => option.shape.key.value,
) as NotificationMessageKey[];
