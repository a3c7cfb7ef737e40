import type { ApprovalStage } from "./approvals";
import type { DocumentStatus } from "./documents";

/**
 * A document's status rules in one place, pure (PRODUCT.md): Draft → In Review on submission;
 * the round's outcome sets Changes Requested, Approved or Rejected; a new version of a settled
 * document returns it to Draft, ready to be submitted again. The approvals state machine decides
 * the round; this module says what the document's status is at each point.
 */

/** Only a Draft can be submitted for review. */
export function canSubmitForReview(status: DocumentStatus): boolean {
  return status === "Draft";
}

/** Why a submission is refused, and what makes it possible again. */
export function submissionRefusal(status: DocumentStatus): string | null {
  switch (status) {
    case "Draft":
      return null;
    case "In Review":
      return "it is already In Review; wait for the reviewers' and approver's decisions";
    case "Changes Requested":
      return "changes were requested; add a new version to return it to Draft, then resubmit";
    case "Rejected":
      return "it was rejected; add a new version to return it to Draft, then resubmit";
    case "Approved":
      return "it is Approved; add a new version to return it to Draft before resubmitting";
  }
}

/**
 * A new version of a settled document is a new draft; one In Review keeps its status (its round
 * restarts on the new text), and a Draft stays a Draft.
 */
export function statusAfterNewVersion(status: DocumentStatus): DocumentStatus {
  return status === "In Review" ? "In Review" : "Draft";
}

/** The document status that goes with a round's stage. */
export function statusForStage(stage: ApprovalStage): DocumentStatus {
  switch (stage) {
    case "Approved":
    case "Rejected":
    case "Changes Requested":
      return stage;
    case "Not Started":
    case "Withdrawn":
      return "Draft";
    default:
      return "In Review";
  }
}

/** Drafts are private to their owner, Admins and the people assigned to review them. */
export function isPrivateDraft(status: DocumentStatus): boolean {
  return status === "Draft";
}
