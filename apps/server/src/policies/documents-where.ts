import { openApprovalStages } from "@quire/contracts";
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import {
  approvalReviewers,
  approvals,
  categories,
  categoryGroupAccess,
  documentGroupAccess,
  documents,
  documentUserAccess,
  groupMembers,
  users,
} from "../db/schema";
import { levelsFrom, maxLevel, type Level } from "./access";

/**
 * The SQL twin of access.ts's canSeeDocument, for sets: a condition on the `documents` table
 * keyed by the actor's id alone (EXISTS over memberships, access lists and shares), so a list,
 * count, search or event filter needs no preloaded state and never disagrees with a single GET.
 * `actorId` is a value or a column (documentViewerIds evaluates it for every user at once).
 */
type ActorRef = string | SQL;

const ref = (actorId: ActorRef): SQL => (typeof actorId === "string" ? sql`${actorId}` : actorId);

/** The actor holds at least `needed` in the category `categoryId` (a column or a value). */
export function categoryLevelAtLeast(actorId: ActorRef, categoryId: SQL | string, needed: Level): SQL {
  const category = typeof categoryId === "string" ? sql`${categoryId}` : categoryId;
  const everyone = levelsFrom(needed);
  const groupLevels = everyone.filter((l) => l !== "none");
  // Aliased, so `categoryId` may be a column of an outer `categories` (the category tiles).
  const levels = sql.join(
    everyone.map((l) => sql`${l}`),
    sql`, `,
  );
  return sql`(exists (select 1 from ${categories} as level_category where level_category.id = ${category}
      and level_category.everyone_access in (${levels}))
    or exists (select 1 from ${categoryGroupAccess}
      join ${groupMembers} on ${groupMembers.groupId} = ${categoryGroupAccess.groupId}
      where ${categoryGroupAccess.categoryId} = ${category} and ${groupMembers.userId} = ${ref(actorId)}
        and ${inArray(categoryGroupAccess.access, groupLevels)}))`;
}

/** The document's restriction lets the actor in (not restricted, or shared with them or a group of theirs). */
function shareAllows(actorId: ActorRef): SQL {
  const id = ref(actorId);
  return sql`(not ${documents.restricted}
    or exists (select 1 from ${documentUserAccess}
      where ${documentUserAccess.documentId} = ${documents.id} and ${documentUserAccess.userId} = ${id})
    or exists (select 1 from ${documentGroupAccess}
      join ${groupMembers} on ${groupMembers.groupId} = ${documentGroupAccess.groupId}
      where ${documentGroupAccess.documentId} = ${documents.id} and ${groupMembers.userId} = ${id}))`;
}

/**
 * Assigned as reviewer or approver in the document's round open now: a settled or withdrawn
 * round grants nothing, so a former assignee (or one the Admin demoted) no longer reads new drafts.
 */
function assigned(actorId: ActorRef): SQL {
  const id = ref(actorId);
  return sql`exists (
    select 1 from ${approvals}
    left join ${approvalReviewers} on ${approvalReviewers.approvalId} = ${approvals.id}
    where ${approvals.documentId} = ${documents.id}
      and ${inArray(approvals.stage, [...openApprovalStages])}
      and (${approvals.approverId} = ${id} or ${approvalReviewers.reviewerId} = ${id}))`;
}

/** passesAccessLists for a non-Admin: the owner, or view in the category and past any restriction. */
function accessListsAdmit(actorId: ActorRef): SQL {
  return sql`(${documents.ownerId} = ${ref(actorId)} or (
    ${categoryLevelAtLeast(actorId, sql`${documents.categoryId}`, "view")} and ${shareAllows(actorId)}))`;
}

/**
 * Documents whose access lists admit the actor, whatever their lifecycle (archived, Draft): what
 * notifications are filtered by, since someone once assigned is still told a round was withdrawn.
 */
export function accessListsAdmitWhere(actor: { id: string; role: string }): SQL {
  return actor.role === "Admin" ? sql`true` : accessListsAdmit(actor.id);
}

/** canSeeDocument for a non-Admin, as SQL on `documents`. */
function seenByNonAdmin(actorId: ActorRef): SQL {
  const id = ref(actorId);
  return sql`(${documents.ownerId} = ${id} or (
    ${documents.archivedAt} is null
    and (${documents.status} <> 'Draft' or ${documents.effectiveVersion} is not null or ${assigned(actorId)})
    and ${categoryLevelAtLeast(actorId, sql`${documents.categoryId}`, "view")}
    and ${shareAllows(actorId)}))`;
}

/**
 * seesWorkingVersion's twin: the version of each document the actor reads, as an SQL expression on
 * `documents` (the current one, or the effective one while a revision the actor may not see is open).
 */
export function readableVersionSql(actor: { id: string; role: string }): SQL {
  if (actor.role === "Admin") return sql`${documents.currentVersion}`;
  return sql`(case when ${documents.effectiveVersion} is null or ${documents.ownerId} = ${actor.id}
      or ${assigned(actor.id)} then ${documents.currentVersion}
    else least(${documents.effectiveVersion}, ${documents.currentVersion}) end)`;
}

/**
 * The status each document has for the actor: a reader held to the effective version reads an
 * approved text, so its revision's Draft or In Review is not theirs (lists, filters and counts agree).
 */
export function readableStatusSql(actor: { id: string; role: string }): SQL {
  if (actor.role === "Admin") return sql`${documents.status}`;
  return sql`(case when ${readableVersionSql(actor)} < ${documents.currentVersion}
    then 'Approved'::document_status else ${documents.status} end)`;
}

/**
 * Documents every signed-in user may open: live, past Draft, in a category everyone may view, and
 * not restricted. It is canSeeDocument for someone who owns nothing, belongs to no group and is
 * assigned nothing (a null id matches no owner, member, share or assignee), so what it admits can
 * inform anyone, such as the archive's category classifier.
 */
export function visibleToEveryoneWhere(): SQL {
  return and(isNull(documents.archivedAt), seenByNonAdmin(sql`null`)) as SQL;
}

/** Documents the actor may open (the owner's archived ones included). */
export function readableDocumentsWhere(actor: { id: string; role: string }): SQL {
  return actor.role === "Admin" ? sql`true` : seenByNonAdmin(actor.id);
}

/** Documents a list, count, search or suggestion shows the actor: readable and not archived. */
export function listableDocumentsWhere(actor: { id: string; role: string }): SQL {
  const notArchived = isNull(documents.archivedAt);
  return actor.role === "Admin" ? notArchived : (and(notArchived, seenByNonAdmin(actor.id)) as SQL);
}

/**
 * Every active user who can open the document now (Admins included), for live events and "Who
 * has access"; with `lifecycle: false`, everyone its access lists admit (for notifications).
 */
export async function documentViewerIds(
  db: Database,
  documentId: string,
  { lifecycle = true }: { lifecycle?: boolean } = {},
): Promise<string[]> {
  const rule = lifecycle ? seenByNonAdmin(sql`${users.id}`) : accessListsAdmit(sql`${users.id}`);
  const result = await db.execute<{ id: string }>(sql`
    select ${users.id} as id from ${users}, ${documents}
    where ${eq(documents.id, documentId)} and ${users.disabledAt} is null
      and (${users.role} = 'Admin' or ${rule})
    order by ${users.username}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The actor's level in every category, in one query (Admins hold edit everywhere). */
export async function categoryLevelsFor(
  db: Database,
  actor: { id: string; role: string },
): Promise<Map<string, Level>> {
  const rows = await db.execute<{ id: string; everyone: Level; best: Level | null }>(sql`
    select ${categories.id} as id, ${categories.everyoneAccess}::text as everyone,
      (select max(${categoryGroupAccess.access})::text from ${categoryGroupAccess}
        join ${groupMembers} on ${groupMembers.groupId} = ${categoryGroupAccess.groupId}
        where ${categoryGroupAccess.categoryId} = ${categories.id} and ${groupMembers.userId} = ${actor.id}) as best
    from ${categories}`);
  const levels = new Map<string, Level>();
  for (const r of rowsOf<{ id: string; everyone: Level; best: Level | null }>(rows)) {
    levels.set(r.id, actor.role === "Admin" ? "edit" : r.best ? maxLevel(r.everyone, r.best) : r.everyone);
  }
  return levels;
}
