import { canSubmitForReview, type DocumentStatus } from "@quire/contracts";
import { badRequest, forbidden, notFound } from "../lib/errors";
import {
  atLeast,
  canSeeDocument,
  categoryLevel,
  documentLevel,
  type AccessActor,
  type CategoryAccessFacts,
  type DocumentAccessFacts,
  type Level,
} from "./access";
import { isAdministrator, type Actor } from "./actor";
import { authorizeGlobal, canGlobal } from "./global-rules";

/** The facts about a document that the rules look at (access.ts). */
export type DocumentFacts = DocumentAccessFacts;

export type DocumentAction =
  | "document.read"
  | "document.update"
  | "document.createVersion"
  | "document.archive"
  | "document.submitForReview"
  | "document.share"
  | "document.readHistory"
  /** Document control: the effective version's periodic review (its dates, re-confirming it). */
  | "document.control"
  /** Read-and-acknowledge: open a campaign on the effective version, see who confirmed, export it. */
  | "document.startAcknowledgement"
  | "document.readAcknowledgements"
  | "document.exportAcknowledgements"
  /** Confirm having read the effective version (whether one was asked is the campaign's audience). */
  | "document.acknowledge"
  /** Start a comment thread on a version one reads (and reply to the threads one sees). */
  | "document.comment";

/** Changes an owning Author (or an Admin) may make, given edit in the document's category. */
const ownerEditable = new Set<DocumentAction>([
  "document.update",
  "document.createVersion",
  "document.archive",
  "document.submitForReview",
  "document.control",
  "document.startAcknowledgement",
  "document.readAcknowledgements",
  "document.exportAcknowledgements",
]);

/**
 * Changes that still make sense on an archived document: bringing it back, and reading its
 * history (the record of who changed it, which its owner and Admins keep once it is archived).
 */
const archivedAllowed = new Set<DocumentAction>(["document.archive", "document.readHistory"]);

/** Uploading into a category: the role allows uploads and the person holds add there. */
export function canCreateIn(actor: AccessActor, category: CategoryAccessFacts): boolean {
  return canAddAtLevel(actor, levelIn(actor, category));
}

/** canCreateIn for a level already known (categoryLevelsFor gives Admins edit everywhere). */
export function canAddAtLevel(actor: Pick<Actor, "role">, level: Level): boolean {
  return canGlobal(actor, "document.create") && atLeast(level, "add");
}

const levelIn = (actor: AccessActor, category: CategoryAccessFacts): Level =>
  actor.role === "Admin" ? "edit" : categoryLevel(actor, category);

/** Whether the actor may do `action` on a document (canSeeDocument first: unseen is never allowed). */
export function canOnDocument(actor: AccessActor, action: DocumentAction, doc: DocumentFacts): boolean {
  if (!canSeeDocument(actor, doc)) return false;
  // Anyone who can read the document may confirm reading it; the campaign says whom it asks.
  if (action === "document.read" || action === "document.acknowledge") return true;
  if (action === "document.comment") return mayComment(doc);
  return canChangeDocument(actor, action, doc, documentLevel(actor, doc));
}

/**
 * Everyone who may read a document may comment on it, Viewers included. A Viewer is "read only"
 * towards the controlled document: a comment changes neither its text, its status nor its review
 * round; it sits beside them, audited, and the readers of a procedure are often the first to see
 * what is wrong with it. Archived documents take no new comments: they change no more.
 */
export const mayComment = (doc: { archived: boolean }) => !doc.archived;

/**
 * The change rules alone, for documents already known to be visible (list entries, whose
 * level comes from categoryLevelsFor): Admins always; otherwise the owning Author with edit in
 * the category. Sharing is the owner's or an Admin's. Archived documents only come back.
 */
export function canChangeDocument(
  actor: Pick<Actor, "id" | "role">,
  action: DocumentAction,
  doc: { ownerId: string; archived: boolean },
  level: Level,
): boolean {
  if (action === "document.share") return isAdministrator(actor.role) || doc.ownerId === actor.id;
  if (action === "document.readHistory") return canChangeDocument(actor, "document.archive", doc, level);
  if (!ownerEditable.has(action)) return false;
  if (doc.archived && !archivedAllowed.has(action)) return false;
  if (isAdministrator(actor.role)) return true;
  return actor.role === "Author" && doc.ownerId === actor.id && atLeast(level, "edit");
}

/** 404 when the document is not visible at all (existence never leaks), 403 when visible but not allowed. */
export function authorizeDocument(actor: AccessActor, action: DocumentAction, doc: DocumentFacts): void {
  if (!canSeeDocument(actor, doc)) throw notFound("Document");
  if (!canOnDocument(actor, action, doc)) throw forbidden();
}

/** What each change is called in a refusal ("You may not edit …"). */
const refusedVerbs: Partial<Record<DocumentAction, string>> = {
  "document.update": "edit",
  "document.createVersion": "add versions to",
  "document.archive": "archive",
  "document.submitForReview": "submit",
  "document.share": "share",
};

/**
 * Why the actor may not do `action` on a document they can see (null when they may): the rule
 * of canChangeDocument that refused, in words, for answers that list many documents at once.
 */
export function documentRefusal(
  actor: AccessActor,
  action: DocumentAction,
  doc: DocumentFacts,
): string | null {
  if (canOnDocument(actor, action, doc)) return null;
  const verb = refusedVerbs[action] ?? "change";
  if (doc.archived && !archivedAllowed.has(action)) return "It is archived: restore it first";
  if (!canGlobal(actor, "document.create")) return `Your role (${actor.role}) may not ${verb} documents`;
  if (doc.ownerId !== actor.id) return `You may not ${verb} this document: it belongs to someone else`;
  return `You may not ${verb} documents in this category: your access there is ${documentLevel(actor, doc)}`;
}

/**
 * Uploading (or moving a document) into a category: a category the person cannot see answers
 * like an unknown one (400, existence never leaks); one they see without add is 403.
 */
export function authorizeCreateIn(actor: AccessActor, category: CategoryAccessFacts | null): void {
  authorizeGlobal(actor, "document.create");
  if (!category || !atLeast(levelIn(actor, category), "view"))
    throw badRequest("categoryId: no such category");
  if (!canCreateIn(actor, category))
    throw forbidden("You may view this category but not add documents to it");
}

/** What the actor may do with a visible document, shown with it so the web never re-derives it. */
export function documentAbilities(
  actor: Pick<Actor, "id" | "role">,
  doc: { ownerId: string; status: DocumentStatus; archived: boolean },
  level: Level,
) {
  return {
    update: canChangeDocument(actor, "document.update", doc, level),
    createVersion: canChangeDocument(actor, "document.createVersion", doc, level),
    submitForReview:
      canChangeDocument(actor, "document.submitForReview", doc, level) && canSubmitForReview(doc.status),
    archive: canChangeDocument(actor, "document.archive", doc, level),
    share: canChangeDocument(actor, "document.share", doc, level),
    control: canChangeDocument(actor, "document.control", doc, level),
  };
}
