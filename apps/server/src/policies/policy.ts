import type { AppAbilities, DocumentStatus, Role } from "@quire/contracts";
import { isPrivateDraft } from "../modules/documents/lifecycle";
import { forbidden, notFound } from "../lib/errors";

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
}

/** The facts about a document that the rules look at. */
export interface DocumentFacts {
  ownerId: string;
  status: DocumentStatus;
  archived: boolean;
  /** Users assigned as reviewer or approver in any approval round of this document. */
  assigneeIds: readonly string[];
}

/** Actions that need no particular resource. */
export type GlobalAction =
  | "document.create"
  | "category.manage"
  | "user.manage"
  | "settings.manage"
  | "waitlist.read"
  | "analytics.read"
  | "suggestion.apply"
  | "backup.create"
  | "activity.read";

export type DocumentAction =
  | "document.read"
  | "document.update"
  | "document.createVersion"
  | "document.archive"
  | "document.submitForReview";

/**
 * Seed §6 as one table. Author: upload, edit own metadata, new versions, submit. Reviewer and
 * Approver act on approvals assigned to them (approvals module). Admin: everything. Viewer: read only.
 */
const globalRules: Record<GlobalAction, readonly Role[]> = {
  "document.create": ["Admin", "Author"],
  "category.manage": ["Admin"],
  "user.manage": ["Admin"],
  "settings.manage": ["Admin"],
  "waitlist.read": ["Admin"],
  "analytics.read": ["Admin", "Approver", "Reviewer", "Author", "Viewer"],
  "suggestion.apply": ["Admin", "Author"],
  "backup.create": ["Admin"],
  "activity.read": ["Admin"],
};

const ownerEditable = new Set<DocumentAction>([
  "document.update",
  "document.createVersion",
  "document.archive",
  "document.submitForReview",
]);

export function canGlobal(actor: Pick<Actor, "role">, action: GlobalAction): boolean {
  return globalRules[action].includes(actor.role);
}

/**
 * Drafts are private to their owner, Admins and assigned reviewers/approvers; everything past
 * Draft is readable by every signed-in user. Archived documents stay visible to owner and Admin only.
 */
export function canReadDocument(actor: Actor, doc: DocumentFacts): boolean {
  if (actor.role === "Admin" || doc.ownerId === actor.id) return true;
  if (doc.archived) return false;
  if (!isPrivateDraft(doc.status)) return true;
  return doc.assigneeIds.includes(actor.id);
}

export function canOnDocument(actor: Actor, action: DocumentAction, doc: DocumentFacts): boolean {
  if (!canReadDocument(actor, doc)) return false;
  if (action === "document.read") return true;
  return canChangeDocument(actor, action, doc);
}

/** The change rules alone, for documents already known to be visible (list entries). */
export function canChangeDocument(
  actor: Actor,
  action: DocumentAction,
  doc: Omit<DocumentFacts, "assigneeIds">,
): boolean {
  if (!ownerEditable.has(action)) return false;
  if (doc.archived && action !== "document.archive") return false;
  if (actor.role === "Admin") return true;
  return actor.role === "Author" && doc.ownerId === actor.id;
}

export function authorizeGlobal(actor: Actor, action: GlobalAction): void {
  if (!canGlobal(actor, action)) throw forbidden();
}

/** 404 when the document is not visible at all (existence never leaks), 403 when visible but not allowed. */
export function authorizeDocument(actor: Actor, action: DocumentAction, doc: DocumentFacts): void {
  if (!canReadDocument(actor, doc)) throw notFound("Document");
  if (!canOnDocument(actor, action, doc)) throw forbidden();
}

/** The feature toggles the abilities fold in (Settings › Feature Configuration). */
export interface FeatureToggles {
  aiSummaries: boolean;
  versionDiff: boolean;
  approvalWorkflows: boolean;
  semanticSearch: boolean;
}

/** Roles that can be assigned a review or a final decision (approvals/assignment.ts checks the same). */
const assignableRoles: readonly Role[] = ["Reviewer", "Approver"];

/**
 * The signed-in user's app-wide abilities, from the rules above and the feature toggles, so the
 * web shows each control from one answer and never compares role names itself.
 */
export function appAbilities(actor: Pick<Actor, "role">, features: FeatureToggles): AppAbilities {
  return {
    uploadDocuments: canGlobal(actor, "document.create"),
    manageUsers: canGlobal(actor, "user.manage"),
    manageSettings: canGlobal(actor, "settings.manage"),
    manageCategories: canGlobal(actor, "category.manage"),
    applySuggestions: canGlobal(actor, "suggestion.apply"),
    readWaitlist: canGlobal(actor, "waitlist.read"),
    createBackup: canGlobal(actor, "backup.create"),
    readActivity: canGlobal(actor, "activity.read"),
    reviewDocuments: features.approvalWorkflows && assignableRoles.includes(actor.role),
    approvalWorkflows: features.approvalWorkflows,
    versionDiff: features.versionDiff,
    aiSummaries: features.aiSummaries,
    semanticSearch: features.semanticSearch,
  };
}
