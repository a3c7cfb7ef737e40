import { forbidden, notFound } from "../lib/errors";
import { canSeeDocument, documentLevel, readableVersion, type AccessActor } from "./access";
import { canChangeDocument, mayComment, type DocumentFacts } from "./document-rules";

/** What may be done with one comment, given that its document and the comment are visible. */
export type CommentAction = "comment.reply" | "comment.update" | "comment.delete" | "comment.resolve";

/** The facts about a comment that the rules look at. */
export interface CommentFacts {
  authorId: string;
  /** Who opened its thread (the comment's own author for a thread's first comment). */
  threadAuthorId: string;
  /** The thread's first comment, not a reply. */
  isThread: boolean;
  deleted: boolean;
  /**
   * The version it was made on, or its thread's when that is newer: who reads that version sees
   * the comment (a reply is never shown without the comment it answers).
   */
  version: number;
}

export const isCommentAction = (action: string): action is CommentAction => action.startsWith("comment.");

/**
 * A comment is visible to whoever reads the document and the version it was made on: a comment on
 * a revision still in draft stays with those who read that draft (its owner, Admins, its round).
 */
export function canSeeComment(actor: AccessActor, doc: DocumentFacts, comment: { version: number }): boolean {
  return canSeeDocument(actor, doc) && comment.version <= readableVersion(actor, doc);
}

/**
 * The rules for one visible comment: replies go to a thread; only its author edits or deletes a
 * comment (nobody rewords a colleague's words, an Admin included); a thread is resolved or reopened
 * by who opened it or by anyone who may edit the document. Nothing changes on an archived document.
 */
export function canOnComment(
  actor: AccessActor,
  action: CommentAction,
  comment: CommentFacts,
  doc: DocumentFacts,
): boolean {
  if (!canSeeComment(actor, doc, comment) || !mayComment(doc)) return false;
  switch (action) {
    case "comment.reply":
      return comment.isThread;
    case "comment.update":
    case "comment.delete":
      return !comment.deleted && comment.authorId === actor.id;
    case "comment.resolve":
      return (
        comment.isThread &&
        (comment.threadAuthorId === actor.id ||
          canChangeDocument(actor, "document.update", doc, documentLevel(actor, doc)))
      );
  }
}

/** 404 when the comment is not visible (existence never leaks), 403 when visible but not allowed. */
export function authorizeComment(
  actor: AccessActor,
  action: CommentAction,
  comment: CommentFacts,
  doc: DocumentFacts,
): void {
  if (!canSeeComment(actor, doc, comment)) throw notFound("Comment");
  if (!canOnComment(actor, action, comment, doc)) throw forbidden();
}
