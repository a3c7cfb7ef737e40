import { z } from "zod";
import { formatTextDay } from "./text-dates";

/**
 * Why a review round ended without a decision, started over, or was escalated, as facts: a code and what fills it
 * in (versions, who can no longer act, the role they hold now). The activity entry keeps them in its
 * `data.reason`, the withdrawn-review notification in its message's `why`, and the web writes them
 * in the reader's language. The server also keeps the English sentence (`roundReasonText`) as the
 * entry's comment and inside the notification's text, for API clients, e-mail and entries written
 * before these facts were kept.
 */
const version = z.number().int();
/** Who can no longer act: their usernames; none when nobody is known by name. */
const people = z.array(z.string());

export const roundReasonCauses = ["access", "disabled", "startup"] as const;

export const roundReasonSchema = z.discriminatedUnion("code", [
  // A new version replaced the text under review; a new round on it asks the same people again.
  z.object({ code: z.literal("replaced"), version, replaced: version }),
  // A new version replaced it, and the people it asked can no longer act, so it is a Draft again.
  z.object({ code: z.literal("replacedNobodyLeft"), version, replaced: version }),
  // The new round that replaced a withdrawn one (the "Resubmitted for review" entry).
  z.object({ code: z.literal("restarted"), version, replaced: version }),
  z.object({ code: z.literal("archived") }),
  // `user` lost the role the review needs and holds `role` now.
  z.object({ code: z.literal("roleChanged"), user: z.string().nullable(), role: z.string() }),
  // `users` can no longer open the document: its access changed, their account was disabled, or the
  // start-up check found a review an earlier change had left waiting on them.
  z.object({ code: z.literal("cannotOpen"), users: people, cause: z.enum(roundReasonCauses) }),
  // The open stage passed its due day (`dueOn`, YYYY-MM-DD) still waiting on `waiting` (none: on
  // nobody who can still act); the "Escalated: overdue" entry.
  z.object({ code: z.literal("overdue"), stage: z.string(), dueOn: z.string(), waiting: people }),
]);
export type RoundReason = z.infer<typeof roundReasonSchema>;
export type RoundReasonCode = RoundReason["code"];

const ANYONE = "an assignee";

const CAUSES: Record<(typeof roundReasonCauses)[number], string> = {
  access: "after a change of access",
  disabled: "(their account was disabled)",
  startup: "(found at start-up: an earlier change of access or a disabled account left the review waiting)",
};

/** The reason in English, as the activity log's comment and the notifications' stored text say it. */
export function roundReasonText(reason: RoundReason): string {
  switch (reason.code) {
    case "replaced":
      return `version ${reason.version} replaced version ${reason.replaced}, the text under review`;
    case "replacedNobodyLeft":
      return `version ${reason.version} replaced version ${reason.replaced}, the text under review, and its reviewers or approver can no longer act`;
    case "restarted":
      return `Version ${reason.version} replaced version ${reason.replaced} during review`;
    case "archived":
      return "the document was archived";
    case "roleChanged":
      return `${reason.user ?? ANYONE} no longer holds the role this review needs (now ${reason.role})`;
    case "cannotOpen":
      return `${reason.users.join(", ") || ANYONE} can no longer open it ${CAUSES[reason.cause]}`;
    case "overdue":
      return `${reason.stage} was due on ${formatTextDay(reason.dueOn)}; waiting on ${reason.waiting.join(", ") || "nobody who can still act"}`;
  }
}
