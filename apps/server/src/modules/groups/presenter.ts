import type { Group } from "@quire/contracts";
import type { GroupWithMembers } from "./repository";

/**
 * A group as the API answers it. Members are listed only for those who manage groups: who belongs
 * where tells what else each person may read, and pickers only need names.
 */
export function presentGroup(row: GroupWithMembers, withMembers: boolean): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: row.memberIds.length,
    ...(withMembers ? { memberIds: row.memberIds } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}
