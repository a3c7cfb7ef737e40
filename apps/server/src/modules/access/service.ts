import type {
  AccessHolder,
  AccessLevel,
  CategoryAccess,
  DocumentAccess,
  EveryoneAccess,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { badRequest, notFound, unknownIds } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { withTransaction, type NamedActor } from "../activity/command";
import { raise } from "../../events/subscriber";
import { groupNamesOf, unknownGroupIds, unknownUserIds } from "../groups/repository";
import { findUsers } from "../users/repository";
import { accessHolders } from "./holders";
import {
  findCategoryAccess,
  findDocumentAccess,
  loadHolderInputs,
  lockCategory,
  replaceCategoryAccess,
  replaceDocumentAccess,
} from "./repository";

const present = ({ categoryId, everyone, groups: entries }: CategoryAccess): CategoryAccess => ({
  categoryId,
  everyone,
  groups: entries,
});

export async function getCategoryAccess(ctx: AppContext, categoryId: string): Promise<CategoryAccess> {
  const found = await findCategoryAccess(ctx.db, categoryId);
  if (!found) throw notFound("Category");
  return present(found);
}

async function checkedGroupIds(db: Database, ids: readonly string[]): Promise<void> {
  const unknown = await unknownGroupIds(db, ids);
  if (unknown.length > 0) throw unknownIds("group", unknown);
}

/** Replaces a category's access list (Admin); the audit entry keeps the list before and after, by name. */
export async function putCategoryAccess(
  ctx: AppContext,
  admin: NamedActor,
  categoryId: string,
  input: { everyone: EveryoneAccess; groups: Array<{ groupId: string; access: AccessLevel }> },
): Promise<CategoryAccess> {
  const ids = input.groups.map((g) => g.groupId);
  if (new Set(ids).size !== ids.length) throw badRequest("Each group may be listed once");
  return withTransaction(ctx, admin, async (tx, record) => {
    if (!(await lockCategory(tx, categoryId))) throw notFound("Category");
    await checkedGroupIds(tx, ids);
    const before = await findCategoryAccess(tx, categoryId);
    await replaceCategoryAccess(tx, categoryId, input.everyone, input.groups);
    const after = await findCategoryAccess(tx, categoryId);
    if (!before || !after) throw notFound("Category");
    const names = await groupNamesOf(
      tx,
      [...before.groups, ...after.groups].map((g) => g.groupId),
    );
    const named = (list: CategoryAccess) => ({
      everyone: list.everyone,
      groups: list.groups.map((g) => ({ group: names.get(g.groupId) ?? g.groupId, access: g.access })),
    });
    await record({
      action: "Changed category access",
      subjectType: "category",
      subjectId: categoryId,
      data: { name: after.name, from: named(before), to: named(after) },
    });
    await raise(ctx, tx, { type: "category.permissionsChanged", by: admin, at: ctx.clock.now(), categoryId });
    return present(after);
  });
}

/** A document's own access list; the route's guard has checked `document.share` (owner or Admin). */
export async function getDocumentAccess(ctx: AppContext, documentId: string): Promise<DocumentAccess> {
  const found = await findDocumentAccess(ctx.db, documentId);
  if (!found) throw notFound("Document");
  return found;
}

/**
 * Narrows a document to named users and groups, or lifts that (`restricted: false`, which also
 * empties the lists, so a later restriction starts from what the person then picks).
 */
export async function putDocumentAccess(
  ctx: AppContext,
  actor: Actor,
  documentId: string,
  input: { restricted: boolean; userIds: string[]; groupIds: string[] },
): Promise<DocumentAccess> {
  const userIds = input.restricted ? [...new Set(input.userIds)] : [];
  const groupIds = input.restricted ? [...new Set(input.groupIds)] : [];
  return withTransaction(ctx, actor, async (tx, record) => {
    const unknownUsers = await unknownUserIds(tx, userIds);
    if (unknownUsers.length > 0) throw unknownIds("user", unknownUsers);
    await checkedGroupIds(tx, groupIds);
    const before = await findDocumentAccess(tx, documentId);
    if (!before) throw notFound("Document");
    await replaceDocumentAccess(tx, documentId, { restricted: input.restricted, userIds, groupIds });
    const names = await groupNamesOf(tx, groupIds);
    const people = userIds.length ? await findUsers(tx, { ids: userIds }) : [];
    await record({
      action: input.restricted
        ? "Restricted document"
        : before.restricted
          ? "Removed restriction"
          : "Shared document",
      subjectType: "document",
      subjectId: documentId,
      data: {
        restricted: input.restricted,
        users: people.map((p) => p.username).sort(),
        groups: groupIds.map((g) => names.get(g) ?? g).sort(),
      },
    });
    await raise(ctx, tx, { type: "document.accessChanged", by: actor, at: ctx.clock.now(), documentId });
    const after = await findDocumentAccess(tx, documentId);
    if (!after) throw notFound("Document");
    return after;
  });
}

/** "Who has access" (owner or Admin): every person who can open the document, and why. */
export async function listAccessHolders(ctx: AppContext, documentId: string): Promise<AccessHolder[]> {
  const inputs = await loadHolderInputs(ctx.db, documentId);
  if (!inputs) throw notFound("Document");
  return accessHolders(inputs);
}
