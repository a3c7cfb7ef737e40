import { finalDecisions, reviewDecisions, type FinalDecision, type ReviewDecision } from "./approvals";

/** What a person does on an approval round: a reviewer's review or the approver's final decision. */
export type DecisionKind = "review" | "decide";
export type Decision = ReviewDecision | FinalDecision;

/** The choices each kind offers, in the order the buttons show them. */
export const decisionChoices: { readonly [K in DecisionKind]: readonly Decision[] } = {
  review: reviewDecisions,
  decide: finalDecisions,
};

/** Whether `status` is one of the choices of `kind` (a reviewer cannot reject, an approver cannot ask for changes). */
export function isDecisionOf(kind: DecisionKind, status: string): status is Decision {
  return (decisionChoices[kind] as readonly string[]).includes(status);
}

/**
 * Asking for changes and rejecting go back to the author, who needs to know why: they need a
 * reason (the server answers 400 without one); an approval's comment is optional.
 */
export function decisionNeedsReason(status: Decision): boolean {
  return status !== "Approved";
}

/** The activity entries a review round writes, by what they record (the approvals chart counts them). */
export const roundActivityActions = {
  submitted: ["Submitted for review", "Resubmitted for review"],
  reviewed: reviewDecisions.map((status) => `Review ${status}` as const),
  decided: [...finalDecisions.map((status) => `Final ${status}` as const), "Sent back for changes"],
} as const;
export type RoundActivityKind = keyof typeof roundActivityActions;
export type RoundActivityAction = (typeof roundActivityActions)[RoundActivityKind][number];

/** The activity entry a review or a final decision writes ("Review Approved", "Final Rejected"). */
export function decisionActivityAction(kind: DecisionKind, status: Decision): RoundActivityAction {
  if (kind === "review") return `Review ${status as ReviewDecision}`;
  // The approval stage sending the document back is not a final decision on it.
  return status === "Changes Requested" ? "Sent back for changes" : `Final ${status as FinalDecision}`;
}

/** What a round's activity entry records, or null for entries that are none of these (a withdrawal). */
export function roundActivityKind(action: string): RoundActivityKind | null {
  for (const kind of Object.keys(roundActivityActions) as RoundActivityKind[])
    if ((roundActivityActions[kind] as readonly string[]).includes(action)) return kind;
  return null;
}
