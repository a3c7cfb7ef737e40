// Without zod, and exported alone as `@quire/contracts/roles`: the web's top bar (its role
// selector) is part of every page's first code and needs these rules and nothing else from the
// contracts, which load later (apps/web/src/lib/lazy-schema.ts).

/** Seed §6 roles plus Viewer, the read-only role ("other users are read-only"). */
export const roles = ["Admin", "Author", "Reviewer", "Approver", "Viewer"] as const;
export type Role = (typeof roles)[number];

/** A select's string value narrowed to a role. */
export function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

/** Roles the seed's top-bar selector offers (seed §2). */
export const selectableRoles = ["Admin", "Author", "Reviewer", "Approver"] as const;
