import type { Group } from "@quire/contracts";

/** A group row names this many members; the rest are counted, and the group's dialog lists them all. */
export const GROUP_MEMBERS_NAMED = 5;

function memberNames(group: Group, nameOf: ReadonlyMap<string, string>): string[] {
  return (group.memberIds ?? [])
    .map((id) => nameOf.get(id) ?? "unknown user")
    .sort((a, b) => a.localeCompare(b));
}

/**
 * "alice, bob, carol, dave, erin and 55 more": alphabetical, so a member is found where expected,
 * and cut short, so a group of hundreds stays a row of a line or two.
 */
export function memberSummary(group: Group, nameOf: ReadonlyMap<string, string>): string {
  if (group.memberCount === 0) return "No members";
  const names = memberNames(group, nameOf);
  if (names.length === 0) return `${group.memberCount} ${group.memberCount === 1 ? "member" : "members"}`;
  if (names.length <= GROUP_MEMBERS_NAMED) return names.join(", ");
  return `${names.slice(0, GROUP_MEMBERS_NAMED).join(", ")} and ${names.length - GROUP_MEMBERS_NAMED} more`;
}

/** What the Groups filter searches: the group's name and every member's username. */
export function groupFilterText(group: Group, nameOf: ReadonlyMap<string, string>): string {
  return [group.name, ...memberNames(group, nameOf)].join(" ");
}
