import { roles, type AppAbilities, type Role } from "@quire/contracts";
import { forbidden } from "../lib/errors";
import { assignableRoles, type Actor } from "./actor";

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

/** The role part alone (app-wide abilities; the access lists decide where). */
export function canGlobal(actor: Pick<Actor, "role">, action: GlobalAction): boolean {
  return globalRules[action].includes(actor.role);
}

export const isGlobalAction = (action: string): action is GlobalAction => action in globalRules;

export function authorizeGlobal(actor: Pick<Actor, "role">, action: GlobalAction): void {
  if (!canGlobal(actor, action)) throw forbidden();
}

/** The feature toggles the abilities fold in (Settings › Feature Configuration). */
export interface FeatureToggles {
  aiSummaries: boolean;
  versionDiff: boolean;
  approvalWorkflows: boolean;
  semanticSearch: boolean;
}

/**
 * The signed-in user's app-wide abilities, from the role table above and the feature toggles, so
 * the web shows each control from one answer and never compares role names itself.
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
