import type { PermissionLine, Role } from "@quire/contracts";
import { canChangeDocument, canGlobal, mayHoldDuty, type DocumentAction, type GlobalAction } from "./policy";

/**
 * Settings › Role & Permissions, written from the registry's own rules so the list never claims
 * what the server does not enforce. Each line is asked of the rules, not of the role's name.
 */

/** App-wide actions worth a line; reading one's own notifications, tokens and the like goes without saying. */
const globalLines: ReadonlyArray<[GlobalAction, string, string]> = [
  ["document.create", "upload", "Upload documents into categories where you may add"],
  ["analytics.read", "analytics", "Access analytics"],
  ["suggestion.apply", "applySuggestions", "Apply AI suggestions"],
  ["category.manage", "manageCategories", "Manage categories and who may use them"],
  ["group.manage", "manageGroups", "Manage groups"],
  ["user.manage", "manageUsers", "Manage users and their roles"],
  ["settings.manage", "configureSettings", "Configure organization settings"],
  ["activity.read", "readAudit", "Read the audit trail"],
  ["waitlist.read", "readWaitlist", "Read the waitlist"],
  ["backup.create", "downloadBackups", "Download backups"],
];

const documentLines: ReadonlyArray<[DocumentAction, string, string]> = [
  ["document.update", "edit", "edit details"],
  ["document.createVersion", "addVersions", "add new versions"],
  ["document.submitForReview", "submit", "submit for review"],
  ["document.archive", "archive", "archive and restore"],
  ["document.share", "share", "restrict and share"],
];

/** The English of each line's key (the lines about documents add what they may do). */
const ENGLISH: Record<string, string> = {
  read: "Read documents the access lists let you see",
  comment: "Comment on them and mention colleagues who may read them",
  anyDocument: "Any document",
  ownDocuments: "Your own documents",
  review: "Review documents assigned to you: approve, or request changes with a reason",
  decide: "Decide documents assigned to you after review: approve, or reject with a reason",
  ...Object.fromEntries(globalLines.map(([, key, text]) => [key, text])),
};
const ACTION_ENGLISH = Object.fromEntries(documentLines.map(([, key, text]) => [key, text]));

/** What someone with this role may do, in the order Settings lists it, as facts. */
export function rolePermissionLines(role: Role): PermissionLine[] {
  const lines: PermissionLine[] = [{ key: "read" }, { key: "comment" }];
  const me = { id: "me", role };
  const may = (action: DocumentAction, ownerId: string) =>
    canChangeDocument(me, action, { ownerId, archived: false }, "edit");
  const onAny = documentLines.filter(([action]) => may(action, "someone else")).map(([, key]) => key);
  const onOwn = documentLines
    .filter(([action]) => !may(action, "someone else") && may(action, me.id))
    .map(([, key]) => key);
  if (onAny.length > 0) lines.push({ key: "anyDocument", actions: onAny });
  if (onOwn.length > 0) lines.push({ key: "ownDocuments", actions: onOwn });
  if (mayHoldDuty(role, "review")) lines.push({ key: "review" });
  if (mayHoldDuty(role, "approve")) lines.push({ key: "decide" });
  for (const [action, key] of globalLines) if (canGlobal(me, action)) lines.push({ key });
  return lines;
}

/** A line in English, as the API's `permissions` says it. */
function englishLine({ key, actions }: PermissionLine): string {
  const text = ENGLISH[key] ?? key;
  return actions ? `${text}: ${actions.map((a) => ACTION_ENGLISH[a] ?? a).join(", ")}` : text;
}

/** What someone with this role may do, in the order Settings lists it, in English. */
export function rolePermissions(role: Role): string[] {
  return rolePermissionLines(role).map(englishLine);
}
