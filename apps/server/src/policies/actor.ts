import type { Role } from "@quire/contracts";

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

/**
 * Admins hold every level everywhere and may do everything: the one name for that rule outside
 * the access lists (who counts as "the last Admin", whose access reads "Admin").
 */
export function isAdministrator(role: string): boolean {
  return role === "Admin";
}

/** The role an approval round's duty asks for (approvals/assignment.ts enforces it on submission). */
export const dutyRole = { review: "Reviewer", approve: "Approver" } as const satisfies Record<string, Role>;

export type Duty = keyof typeof dutyRole;

/** The roles that can be given some duty of an approval round. */
export const assignableRoles: readonly Role[] = Object.values(dutyRole);

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
