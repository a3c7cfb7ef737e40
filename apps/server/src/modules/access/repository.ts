import type { AccessLevel, CategoryAccess, DocumentAccess, EveryoneAccess, Role } from "@quire/contracts";
import { asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  categories,
  categoryGroupAccess,
  documentGroupAccess,
  documentUserAccess,
  documents,
  groupMembers,
  groups,
  users,
} from "../../db/schema";
import { loadAccessFacts } from "../../policies/facts";
import type { HolderInputs } from "./holders";
import { readAll } from "../../db/read-all";

/** A category's access list, or null when there is no such category. */
export async function findCategoryAccess(
  db: Database,
  categoryId: string,
): Promise<(CategoryAccess & { name: string }) | null> {
  const [category] = await db
    .select({ name: categories.name, everyone: categories.everyoneAccess })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!category) return null;
  const rows = await db
    .select({ groupId: categoryGroupAccess.groupId, access: categoryGroupAccess.access })
    .from(categoryGroupAccess)
    .innerJoin(groups, eq(groups.id, categoryGroupAccess.groupId))
    .where(eq(categoryGroupAccess.categoryId, categoryId))
    .orderBy(asc(groups.name));
  return { categoryId, name: category.name, everyone: category.everyone, groups: rows };
}

export async function replaceCategoryAccess(
  tx: Database,
  categoryId: string,
  everyone: EveryoneAccess,
  entries: ReadonlyArray<{ groupId: string; access: AccessLevel }>,
): Promise<void> {
  await tx.update(categories).set({ everyoneAccess: everyone }).where(eq(categories.id, categoryId));
  await tx.delete(categoryGroupAccess).where(eq(categoryGroupAccess.categoryId, categoryId));
  if (entries.length > 0)
    await tx.insert(categoryGroupAccess).values(entries.map((e) => ({ categoryId, ...e })));
}

/** Locks the category row for the rest of the transaction (two Admins saving at once queue). */
export async function lockCategory(tx: Database, categoryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .for("update")
    .limit(1);
  return row !== undefined;
}

/** A document's own access list (who it is narrowed to), or null when there is no such document. */
export async function findDocumentAccess(db: Database, documentId: string): Promise<DocumentAccess | null> {
  const [doc] = await db
    .select({ restricted: documents.restricted })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  if (!doc) return null;
  const [userRows, groupRows] = await readAll(db, [
    () =>
      db
        .select({ userId: documentUserAccess.userId })
        .from(documentUserAccess)
        .where(eq(documentUserAccess.documentId, documentId))
        .orderBy(asc(documentUserAccess.userId)),
    () =>
      db
        .select({ groupId: documentGroupAccess.groupId })
        .from(documentGroupAccess)
        .where(eq(documentGroupAccess.documentId, documentId))
        .orderBy(asc(documentGroupAccess.groupId)),
  ]);
  return {
    documentId,
    restricted: doc.restricted,
    userIds: userRows.map((r) => r.userId),
    groupIds: groupRows.map((r) => r.groupId),
  };
}

export async function replaceDocumentAccess(
  tx: Database,
  documentId: string,
  access: { restricted: boolean; userIds: readonly string[]; groupIds: readonly string[] },
): Promise<void> {
  await tx.update(documents).set({ restricted: access.restricted }).where(eq(documents.id, documentId));
  await tx.delete(documentUserAccess).where(eq(documentUserAccess.documentId, documentId));
  await tx.delete(documentGroupAccess).where(eq(documentGroupAccess.documentId, documentId));
  if (access.userIds.length > 0)
    await tx.insert(documentUserAccess).values(access.userIds.map((userId) => ({ documentId, userId })));
  if (access.groupIds.length > 0)
    await tx.insert(documentGroupAccess).values(access.groupIds.map((groupId) => ({ documentId, groupId })));
}

/** Everything "Who has access" needs about one document and the people who might open it. */
export async function loadHolderInputs(db: Database, documentId: string): Promise<HolderInputs | null> {
  const document = await loadAccessFacts(db, documentId);
  if (!document) return null;
  const [category, people, groupRows, memberships] = await readAll(db, [
    () =>
      db
        .select({ name: categories.name })
        .from(categories)
        .where(eq(categories.id, document.categoryId))
        .limit(1),
    () =>
      db
        .select({ id: users.id, username: users.username, role: users.role })
        .from(users)
        .where(isNull(users.disabledAt)),
    () => db.select({ id: groups.id, name: groups.name }).from(groups),
    () => db.select({ groupId: groupMembers.groupId, userId: groupMembers.userId }).from(groupMembers),
  ]);
  return {
    users: people.map((u) => ({ ...u, role: u.role as Role })),
    groups: groupRows,
    memberships,
    categoryName: category[0]?.name ?? "",
    document,
  };
}
