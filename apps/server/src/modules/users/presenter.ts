import type { Role, User, UserListItem } from "@quire/contracts";
import { assignableDuties } from "../../policies/policy";

export function presentUser(user: {
  id: string;
  username: string;
  role: string;
  mustChangePassword?: boolean;
  disabledAt?: Date | null;
}): User {
  return {
    id: user.id,
    username: user.username,
    role: user.role as Role,
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
    ...(user.disabledAt ? { disabled: true } : {}),
  };
}

/** A user in GET /api/users, with the approval duties the policy lets them be given. */
export function presentUserListItem(user: Parameters<typeof presentUser>[0]): UserListItem {
  const presented = presentUser(user);
  return { ...presented, assignable: assignableDuties(presented.role) };
}
