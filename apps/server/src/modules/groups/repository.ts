import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { groupMembers, groups, users } from "../../db/schema";

export type GroupRow = typeof groups.$inferSelect;
export interface GroupWithMembers extends GroupRow {
  memberIds: string[];
}

/** Every group by name, each with its members' ids (sorted, so answers are stable). */
export async function findGroups(db: Database, ids?: readonly string[]): Promise<GroupWithMembers[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(groups)
    .where(ids ? inArray(groups.id, [...ids]) : undefined)
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.name));
  if (rows.length === 0) return [];
  const members = await db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(
      inArray(
        groupMembers.groupId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(groupMembers.userId));
  const byGroup = new Map<string, string[]>(rows.map((r) => [r.id, []]));
  for (const m of members) byGroup.get(m.groupId)?.push(m.userId);
  return rows.map((r) => ({ ...r, memberIds: byGroup.get(r.id) ?? [] }));
}

export async function findGroup(db: Database, id: string): Promise<GroupWithMembers | null> {
  const [found] = await findGroups(db, [id]);
  return found ?? null;
}

/** Every group's id and name, for comparing a new name with them all (lib/names lookAlike). */
export async function groupNames(db: Database): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: groups.id, name: groups.name }).from(groups);
}

/**
 * The ids among `ids` that name no user. A disabled user is known: they keep their groups and
 * shares so that enabling them gives those back, and a group or restriction listing them must
 * still save (the editors send every member they were shown).
 */
export async function unknownUserIds(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The ids among `ids` that name no group. */
export async function unknownGroupIds(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function insertGroup(
  tx: Database,
  values: { name: string; description: string },
): Promise<GroupRow> {
  const [row] = await tx.insert(groups).values(values).returning();
  if (!row) throw new Error("group insert returned nothing");
  return row;
}

export async function updateGroupRow(
  tx: Database,
  id: string,
  values: { name?: string; description?: string },
): Promise<void> {
  if (Object.keys(values).length > 0) await tx.update(groups).set(values).where(eq(groups.id, id));
}

/** Makes the group's members exactly `userIds`. */
export async function replaceMembers(
  tx: Database,
  groupId: string,
  userIds: readonly string[],
): Promise<void> {
  await tx.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (userIds.length > 0)
    await tx.insert(groupMembers).values(userIds.map((userId) => ({ groupId, userId })));
}

/** Deleting a group also drops its memberships and every access entry naming it (foreign keys cascade). */
export async function deleteGroupRow(tx: Database, id: string): Promise<void> {
  await tx.delete(groups).where(eq(groups.id, id));
}

/** Locks the group row for the rest of the transaction, or null when there is none. */
export async function lockGroup(tx: Database, id: string): Promise<GroupRow | null> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for("update").limit(1);
  return row ?? null;
}

/** Quire groups by name, whatever the letter case (a provider's "legal" is Quire's "Legal"). */
export async function groupsNamed(db: Database, names: readonly string[]): Promise<GroupRow[]> {
  if (names.length === 0) return [];
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  return db
    .select()
    .from(groups)
    .where(inArray(sql`lower(${groups.name})`, lower));
}

/** Each group's name, by id (ids naming no group are left out). */
export async function groupNamesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ids of the groups the user is a member of. */
export async function groupIdsOfUser(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return rows.map((r) => r.id);
}

/** Adds and removes one user's memberships; groups in neither list are left as an Admin set them. */
export async function changeMemberships(
  tx: Database,
  userId: string,
  change: { join: readonly string[]; leave: readonly string[] },
): Promise<void> {
  if (change.join.length > 0)
    await tx
      .insert(groupMembers)
      .values(change.join.map((groupId) => ({ groupId, userId })))
      .onConflictDoNothing();
  if (change.leave.length > 0)
    await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.userId, userId), inArray(groupMembers.groupId, [...change.leave])));
}
