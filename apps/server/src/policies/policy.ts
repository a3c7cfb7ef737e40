/**
 * The policy registry's one import path: who may do what, gathered from the rule files beside it
 * (actor.ts: who acts and the role helpers; global-rules.ts: the role table and app-wide
 * abilities; document-rules.ts and comment-rules.ts: what may be done with one document or
 * comment), with `can(actor, action, subject)` asking any of them.
 */
import type { CategoryAccessFacts } from "./access";
import type { AccessActor } from "./actor";
import { canOnComment, isCommentAction, type CommentAction, type CommentFacts } from "./comment-rules";
import { canCreateIn, canOnDocument, type DocumentAction, type DocumentFacts } from "./document-rules";
import { canGlobal, isGlobalAction, type GlobalAction } from "./global-rules";

export {
  assignableDuties,
  dutyRole,
  isAdministrator,
  mayHoldDuty,
  type AccessActor,
  type Actor,
  type Duty,
} from "./actor";
export {
  appAbilities,
  authorizeGlobal,
  canGlobal,
  type FeatureToggles,
  type GlobalAction,
} from "./global-rules";
export {
  authorizeCreateIn,
  authorizeDocument,
  canAddAtLevel,
  canChangeDocument,
  canCreateIn,
  canOnDocument,
  documentAbilities,
  documentRefusal,
  type DocumentAction,
  type DocumentFacts,
} from "./document-rules";
export {
  authorizeComment,
  canOnComment,
  canSeeComment,
  type CommentAction,
  type CommentFacts,
} from "./comment-rules";

/** What one registry call may be asked about: app-wide, a category (uploads) or a document. */
export type Subject =
  | { kind: "global" }
  | { kind: "category"; facts: CategoryAccessFacts }
  | { kind: "document"; facts: DocumentFacts }
  | { kind: "comment"; facts: CommentFacts; document: DocumentFacts };

/** The one registry entry point: `can(actor, action, subject)`. */
export function can(
  actor: AccessActor,
  action: GlobalAction | DocumentAction | CommentAction,
  subject: Subject,
): boolean {
  switch (subject.kind) {
    case "global":
      return isGlobalAction(action) && canGlobal(actor, action);
    case "category":
      return action === "document.create" && canCreateIn(actor, subject.facts);
    case "document":
      return (
        !isCommentAction(action) && !isGlobalAction(action) && canOnDocument(actor, action, subject.facts)
      );
    case "comment":
      return isCommentAction(action) && canOnComment(actor, action, subject.facts, subject.document);
  }
}
