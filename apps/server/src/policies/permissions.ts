import type { Role } from "@quire/contracts";
import { canChangeDocument, canGlobal, mayHoldDuty, type DocumentAction, type GlobalAction } from "./policy";

/**
 * Settings › Role & Permissions, written from the registry's own rules so the list never claims
 * what the server does not enforce. Each line is asked of the rules, not of the role's name.
 */

/** App-wide actions worth a line; reading one's own notifications, tokens and the like goes without saying. */
const globalLines: ReadonlyArray<[GlobalAction, string]> = [
  ["document.create", "Upload documents into categories where you may add"],
  ["analytics.read", "Access analytics"],
  ["suggestion.apply", "Apply AI suggestions"],
  ["category.manage", "Manage categories and who may use them"],
  ["group.manage", "Manage groups"],
  ["user.manage", "Manage users and their roles"],
  ["settings.manage", "Configure organization settings"],
  ["activity.read", "Read the audit trail"],
  ["waitlist.read", "Read the waitlist"],
  ["backup.create", "Download backups"],
];

const documentLines: ReadonlyArray<[DocumentAction, string]> = [
  ["document.update", "edit details"],
  ["document.createVersion", "add new versions"],
  ["document.submitForReview", "submit for review"],
  ["document.archive", "archive and restore"],
  ["document.share", "restrict and share"],
];

/** What someone with this role may do, in the order Settings lists it. */
export function rolePermissions(role: Role): string[] {
  const lines = [
    "Read documents the access lists let you see",
    "Comment on them and mention colleagues who may read them",
  ];
  const me = { id: "me", role };
  const may = (action: DocumentAction, ownerId: string) =>
    canChangeDocument(me, action, { ownerId, archived: false }, "edit");
  const onAny = documentLines.filter(([action]) => may(action, "someone else")).map(([, text]) => text);
  const onOwn = documentLines
    .filter(([action]) => !may(action, "someone else") && may(action, me.id))
    .map(([, text]) => text);
  if (onAny.length > 0) lines.push(`Any document: ${onAny.join(", ")}`);
  if (onOwn.length > 0) lines.push(`Your own documents: ${onOwn.join(", ")}`);
  if (mayHoldDuty(role, "review"))
    lines.push("Review documents assigned to you: approve, or request changes with a reason");
  if (mayHoldDuty(role, "approve"))
    lines.push("Decide documents assigned to you after review: approve, or reject with a reason");
  for (const [action, text] of globalLines) if (canGlobal(me, action)) lines.push(text);
  return lines;
}
