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
