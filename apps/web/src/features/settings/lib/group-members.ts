import type { Group } from "@quire/contracts";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "../locale";

/** A group row names this many members; the rest are counted, and the group's dialog lists them all. */
export const GROUP_MEMBERS_NAMED = 5;

function memberNames(group: Group, nameOf: ReadonlyMap<string, string>): string[] {
  return (group.memberIds ?? [])
    .map((id) => nameOf.get(id) ?? i18n.t("settings:groups.unknownUser"))
    .sort((a, b) => a.localeCompare(b));
}

/**
 * "alice, bob, carol, dave, erin and 55 more": alphabetical, so a member is found where expected,
 * and cut short, so a group of hundreds stays a row of a line or two.
 */
export function memberSummary(group: Group, nameOf: ReadonlyMap<string, string>): string {
  if (group.memberCount === 0) return i18n.t("settings:groups.noMembers");
  const names = memberNames(group, nameOf);
  if (names.length === 0)
    return i18n.t("settings:groups.memberCount", {
      count: group.memberCount,
      n: formatCount(group.memberCount),
    });
  if (names.length <= GROUP_MEMBERS_NAMED) return names.join(", ");
  const more = names.length - GROUP_MEMBERS_NAMED;
  return i18n.t("settings:groups.namedAndMore", {
    names: names.slice(0, GROUP_MEMBERS_NAMED).join(", "),
    count: more,
    n: formatCount(more),
  });
}

/** What the Groups filter searches: the group's name and every member's username. */
export function groupFilterText(group: Group, nameOf: ReadonlyMap<string, string>): string {
  return [group.name, ...memberNames(group, nameOf)].join(" ");
}
