import type { Role } from "@quire/contracts";

/** Seed §6 listed permissions per role; Viewer is Quire's read-only role. */
export const rolePermissions: Record<Role, readonly string[]> = {
  Author: ["Upload documents", "Edit own metadata", "Create new versions", "Submit for review"],
  Reviewer: [
    "View assigned documents",
    "Approve or request changes",
    "Add review comments",
    "Access the review dashboard",
  ],
  Approver: [
    "Final approval decisions",
    "Reject with notes",
    "Override review decisions",
    "Access approval analytics",
  ],
  Admin: [
    "Manage all documents",
    "Configure organization settings",
    "Manage user roles",
    "Access analytics",
    "Configure integrations",
  ],
  Viewer: ["Read documents"],
};

/** Seed §9: the users list previews 4 users, then '+N more users'. */
export const USER_PREVIEW_COUNT = 4;

export function previewUsers<T>(users: readonly T[], expanded: boolean): { shown: T[]; more: number } {
  if (expanded) return { shown: [...users], more: 0 };
  return { shown: users.slice(0, USER_PREVIEW_COUNT), more: Math.max(0, users.length - USER_PREVIEW_COUNT) };
}
