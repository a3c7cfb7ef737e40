import {
  canSubmitForReview,
  roles,
  type AppAbilities,
  type DocumentStatus,
  type Role,
} from "@quire/contracts";
import { badRequest, forbidden, notFound } from "../lib/errors";
import {
  atLeast,
  canSeeDocument,
  categoryLevel,
  documentLevel,
  readableVersion,
  type AccessActor,
  type CategoryAccessFacts,
  type DocumentAccessFacts,
  type Level,
} from "./access";

export type { AccessActor } from "./access";

/** Who is acting: a signed-in user, by session cookie or personal access token. */
export interface Actor {
  id: string;
  username: string;
  role: Role;
  via: "session" | "token";
  /** Signed in with a one-time password that has not been replaced yet. */
  mustChangePassword?: boolean;
  /** The request's address (the activity log's source); absent outside requests (CLI, demo seed). */
  ip?: string;
  /** When this session's person last signed in again at the identity provider to sign a decision. */
  reauthenticatedAt?: Date;
}

/** The facts about a document that the rules look at (access.ts). */
export type DocumentFacts = DocumentAccessFacts;

/** Actions that need no particular resource. */
export type GlobalAction =
  | "document.create"
  /** Acting on many documents at once (each is still checked on its own, as its own route would). */
  | "document.bulkEdit"
  | "category.manage"
  | "group.manage"
  | "user.manage"
  | "settings.manage"
  | "waitlist.read"
  | "analytics.read"
  | "suggestion.apply"
  | "backup.create"
  | "activity.read"
  | "category.read"
  | "group.read"
  | "notification.read"
  | "token.manage"
  | "suggestion.read"
  | "document.list"
  | "approval.list"
  | "search.use"
  | "ai.ask"
  | "user.read"
  | "settings.read"
  | "system.read"
  | "account.manage"
  | "event.subscribe"
  | "ingestion.manage"
  /** The read-and-acknowledge campaigns waiting on oneself. */
  | "acknowledgement.list";

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

const everyone: readonly Role[] = roles;

/**
 * Seed §6 as one table: what a role may do at all. Author: upload, edit own metadata, new
 * versions, submit. Reviewer and Approver act on approvals assigned to them (approvals module).
 * Admin: everything. Viewer: read only. Where they may do it is the access lists' (access.ts).
 * Reading categories and groups shows only what the access lists let through; notifications,
 * tokens and suggestions are each person's own.
 */
const globalRules: Record<GlobalAction, readonly Role[]> = {
  "document.create": ["Admin", "Author"],
  // Only roles that can change some document: the others would see every document refused.
  "document.bulkEdit": ["Admin", "Author"],
  "category.manage": ["Admin"],
  "group.manage": ["Admin"],
  "user.manage": ["Admin"],
  "settings.manage": ["Admin"],
  "waitlist.read": ["Admin"],
  "analytics.read": ["Admin", "Approver", "Reviewer", "Author", "Viewer"],
  "suggestion.apply": ["Admin", "Author"],
  "backup.create": ["Admin"],
  "activity.read": ["Admin"],
  "category.read": everyone,
  "group.read": everyone,
  "notification.read": everyone,
  "token.manage": everyone,
  "suggestion.read": everyone,
  // Lists, search, questions and live events show only what the access lists let through.
  "document.list": everyone,
  "approval.list": everyone,
  "search.use": everyone,
  "ai.ask": everyone,
  "event.subscribe": everyone,
  // Names and roles of colleagues (assigning reviewers); disabled accounts need user.manage.
  "user.read": everyone,
  // The organisation's settings and this server's facts (secrets and jobs only to Admins).
  "settings.read": everyone,
  "system.read": everyone,
  // One's own session, password, saved views and notification preferences.
  "account.manage": everyone,
  // What entered the archive from every source, with file names from every category.
  "ingestion.manage": ["Admin"],
  // Each person's own campaigns to acknowledge, among documents they can read.
  "acknowledgement.list": everyone,
};

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

/**
 * Admins hold every level everywhere and may do everything: the one name for that rule outside
 * the access lists (who counts as "the last Admin", whose access reads "Admin").
 */
export function isAdministrator(role: string): boolean {
  return role === "Admin";
}

/** The role part alone (app-wide abilities; the access lists decide where). */
export function canGlobal(actor: Pick<Actor, "role">, action: GlobalAction): boolean {
  return globalRules[action].includes(actor.role);
}

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
const mayComment = (doc: { archived: boolean }) => !doc.archived;

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

const isCommentAction = (action: string): action is CommentAction => action.startsWith("comment.");

const isGlobalAction = (action: string): action is GlobalAction => action in globalRules;

export function authorizeGlobal(actor: Pick<Actor, "role">, action: GlobalAction): void {
  if (!canGlobal(actor, action)) throw forbidden();
}

/** 404 when the document is not visible at all (existence never leaks), 403 when visible but not allowed. */
export function authorizeDocument(actor: AccessActor, action: DocumentAction, doc: DocumentFacts): void {
  if (!canSeeDocument(actor, doc)) throw notFound("Document");
  if (!canOnDocument(actor, action, doc)) throw forbidden();
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

/** The feature toggles the abilities fold in (Settings › Feature Configuration). */
export interface FeatureToggles {
  aiSummaries: boolean;
  versionDiff: boolean;
  approvalWorkflows: boolean;
  semanticSearch: boolean;
}

/** The role an approval round's duty asks for (approvals/assignment.ts enforces it on submission). */
export const dutyRole = { review: "Reviewer", approve: "Approver" } as const satisfies Record<string, Role>;
const assignableRoles: readonly Role[] = Object.values(dutyRole);

export type Duty = keyof typeof dutyRole;

/**
 * Whether someone with this role may carry this duty of an approval round: asked when they are
 * assigned, at each review or decision (approvals/policy.ts), for what waits on them
 * (approvals/repository.ts) and when a role change ends the rounds they can no longer finish.
 */
export function mayHoldDuty(role: string | undefined, duty: Duty): boolean {
  return role === dutyRole[duty];
}

/** Which duties of an approval round a user with this role can be given. */
export function assignableDuties(role: Role): { review: boolean; approve: boolean } {
  return { review: mayHoldDuty(role, "review"), approve: mayHoldDuty(role, "approve") };
}

/**
 * The signed-in user's app-wide abilities, from the rules above and the feature toggles, so the
 * web shows each control from one answer and never compares role names itself.
 */
export function appAbilities(actor: Pick<Actor, "role">, features: FeatureToggles): AppAbilities {
  return {
    uploadDocuments: canGlobal(actor, "document.create"),
    bulkEditDocuments: canGlobal(actor, "document.bulkEdit"),
    manageUsers: canGlobal(actor, "user.manage"),
    manageSettings: canGlobal(actor, "settings.manage"),
    manageCategories: canGlobal(actor, "category.manage"),
    applySuggestions: canGlobal(actor, "suggestion.apply"),
    readWaitlist: canGlobal(actor, "waitlist.read"),
    createBackup: canGlobal(actor, "backup.create"),
    readActivity: canGlobal(actor, "activity.read"),
    manageIngestion: canGlobal(actor, "ingestion.manage"),
    reviewDocuments: features.approvalWorkflows && assignableRoles.includes(actor.role),
    approvalWorkflows: features.approvalWorkflows,
    versionDiff: features.versionDiff,
    aiSummaries: features.aiSummaries,
    semanticSearch: features.semanticSearch,
  };
}
