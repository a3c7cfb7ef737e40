import type { Group } from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { conflict, notFound, unknownIds } from "../../lib/errors";
import { lookAlike, nameClash } from "../../lib/names";
import { canGlobal, type Actor } from "../../policies/policy";
import { withTransaction, type CommandActor, type NamedActor } from "../activity/command";
import { raise } from "../../events/subscriber";
import { presentGroup } from "./presenter";
import {
  deleteGroupRow,
  findGroup,
  findGroups,
  groupNames,
  insertGroup,
  lockGroup,
  replaceMembers,
  unknownUserIds,
  updateGroupRow,
} from "./repository";

/** Every group by name; members only for those who manage users (see presentGroup). */
export async function listGroups(ctx: AppContext, actor: Actor): Promise<Group[]> {
  const withMembers = canGlobal(actor, "group.manage");
  return (await findGroups(ctx.db)).map((g) => presentGroup(g, withMembers));
}

export async function getGroup(ctx: AppContext, actor: Actor, id: string): Promise<Group> {
  const found = await findGroup(ctx.db, id);
  if (!found) throw notFound("Group");
  return presentGroup(found, canGlobal(actor, "group.manage"));
}

/** The same person listed twice is one membership; a user who does not exist is the caller's mistake. */
async function checkedMembers(db: Database, memberIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(memberIds)];
  const unknown = await unknownUserIds(db, unique);
  if (unknown.length > 0) throw unknownIds("user", unknown);
  return unique;
}

async function assertNameFree(db: Database, name: string, exceptId?: string): Promise<void> {
  const taken = lookAlike(name, await groupNames(db), exceptId);
  if (taken) throw conflict(nameClash("group", name, taken.name));
}

export async function createGroup(
  ctx: AppContext,
  by: CommandActor,
  input: { name: string; description: string; memberIds: string[] },
): Promise<Group> {
  return withTransaction(ctx, by, async (tx, record) => {
    await assertNameFree(tx, input.name);
    const memberIds = await checkedMembers(tx, input.memberIds);
    const row = await insertGroup(tx, { name: input.name, description: input.description });
    await replaceMembers(tx, row.id, memberIds);
    await record({
      action: "Created group",
      subjectType: "group",
      subjectId: row.id,
      data: { name: row.name, memberIds },
    });
    return presentGroup({ ...row, memberIds: [...memberIds].sort() }, true);
  });
}

/** Who changes a group: reviews their change shuts out end in their name. */
type GroupEditor = NamedActor;

export async function updateGroup(
  ctx: AppContext,
  by: GroupEditor,
  id: string,
  input: { name?: string | undefined; description?: string | undefined; memberIds?: string[] | undefined },
): Promise<Group> {
  return withTransaction(ctx, by, async (tx, record) => {
    const before = await lockGroup(tx, id);
    if (!before) throw notFound("Group");
    if (input.name !== undefined) await assertNameFree(tx, input.name, id);
    const previous = await findGroup(tx, id);
    const memberIds = input.memberIds === undefined ? undefined : await checkedMembers(tx, input.memberIds);
    await updateGroupRow(tx, id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
    });
    if (memberIds) await replaceMembers(tx, id, memberIds);
    const after = await findGroup(tx, id);
    if (!after) throw notFound("Group");
    await record({
      action: "Changed group",
      subjectType: "group",
      subjectId: id,
      data: groupChange(before.name, previous?.memberIds ?? [], after.name, after.memberIds, input),
    });
    if (memberIds)
      await raise(ctx, tx, { type: "group.membersChanged", by, at: ctx.clock.now(), groupIds: [id] });
    return presentGroup(after, true);
  });
}

/** What an auditor needs about a change: the name before and after, who joined and who left. */
function groupChange(
  fromName: string,
  fromMembers: readonly string[],
  toName: string,
  toMembers: readonly string[],
  input: { description?: string | undefined },
): Record<string, unknown> {
  const was = new Set(fromMembers);
  const now = new Set(toMembers);
  return {
    name: toName,
    ...(fromName === toName ? {} : { from: fromName }),
    ...(input.description === undefined ? {} : { description: input.description }),
    added: toMembers.filter((m) => !was.has(m)),
    removed: fromMembers.filter((m) => !now.has(m)),
  };
}

/** Its memberships and every access list entry naming it go with it. */
export async function deleteGroup(ctx: AppContext, by: GroupEditor, id: string): Promise<void> {
  await withTransaction(ctx, by, async (tx, record) => {
    const row = await lockGroup(tx, id);
    if (!row) throw notFound("Group");
    await deleteGroupRow(tx, id);
    await record({ action: "Deleted group", subjectType: "group", subjectId: id, data: { name: row.name } });
    await raise(ctx, tx, { type: "group.deleted", by, at: ctx.clock.now(), groupId: id });
  });
}
