import type { ReactNode } from "react";
import type { AppAbilities } from "@quire/contracts";
import { useAbilities } from "@/lib/auth";

/**
 * Shows its children only when the server says the signed-in user has `ability`, so a control
 * is never offered to a role that would be refused (no role names compared here).
 */
export function Can({
  ability,
  children,
  fallback = null,
}: {
  ability: keyof AppAbilities;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useAbilities()[ability] ? children : fallback}</>;
}
