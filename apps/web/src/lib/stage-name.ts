import { hasServerText, translateServerText } from "@/lib/server-texts";

/**
 * A stage's name as the approval screens show it: the default flow's (Review, Approval) in the
 * interface's language, one an Admin named as written.
 */
export function stageName(name: string): string {
  const key = `shared:templateStage.${name}`;
  return hasServerText(key) ? translateServerText(key) : name;
}
