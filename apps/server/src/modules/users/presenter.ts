import type { Role, User } from "@quire/contracts";

export function presentUser(user: {
  id: string;
  username: string;
  role: string;
  mustChangePassword?: boolean;
}): User {
  return {
    id: user.id,
    username: user.username,
    role: user.role as Role,
    ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}
