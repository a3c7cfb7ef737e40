import type { AccessLevel, DocumentStatus, EveryoneAccess, Role } from "@quire/contracts";
import { isPrivateDraft } from "@quire/contracts";

/**
 * The access rule, pure: roles decide what a person may do at all, a category's access
 * list (everyone's level, raised by the person's groups) and a document's restriction decide
 * where. documents-where.ts is its SQL twin; access.test.ts holds them to the same answers.
 */

/** A level a person holds in a category; `none` sees nothing there. */
export type Level = EveryoneAccess;

const rank: Record<Level, number> = { none: 0, view: 1, add: 2, edit: 3 };

/** Whether `level` includes `needed` (none < view < add < edit). */
export function atLeast(level: Level, needed: Level): boolean {
  return rank[level] >= rank[needed];
}

/** The higher of two levels. */
export function maxLevel(a: Level, b: Level): Level {
  return rank[a] >= rank[b] ? a : b;
}

/** The levels that include `needed`, for SQL `in (...)` filters. */
export function levelsFrom(needed: Level): Level[] {
  return (Object.keys(rank) as Level[]).filter((l) => atLeast(l, needed));
}

/** Who is asking, as far as access goes: the groups are the person's memberships now. */
export interface AccessActor {
  id: string;
  role: Role;
  groupIds: readonly string[];
}

/** A category's access list. */
export interface CategoryAccessFacts {
  everyoneAccess: EveryoneAccess;
  groups: ReadonlyArray<{ groupId: string; access: AccessLevel }>;
}

/** Everything the rule looks at about one document (nothing about who asks). */
export interface DocumentAccessFacts {
  ownerId: string;
  status: DocumentStatus;
  archived: boolean;
  /** Users assigned as reviewer or approver in the round open now (none once it is settled or withdrawn). */
  assigneeIds: readonly string[];
  categoryId: string;
  category: CategoryAccessFacts;
  /** Narrowed to sharedUserIds and sharedGroupIds (the owner and Admins always keep access). */
  restricted: boolean;
  sharedUserIds: readonly string[];
  sharedGroupIds: readonly string[];
  /** The version the document's text is at now (1 when not loaded). */
  currentVersion?: number;
  /** The last approved version, or none: a document never approved has no effective version. */
  effectiveVersion?: number | null;
}

/** categoryLevel(actor, C) = max(C.everyoneAccess, the levels C grants to the actor's groups). */
export function categoryLevel(actor: Pick<AccessActor, "groupIds">, category: CategoryAccessFacts): Level {
  let level: Level = category.everyoneAccess;
  for (const g of category.groups) if (actor.groupIds.includes(g.groupId)) level = maxLevel(level, g.access);
  return level;
}

/** The level the actor holds where the document lives; Admins hold every level everywhere. */
export function documentLevel(actor: AccessActor, facts: Pick<DocumentAccessFacts, "category">): Level {
  return actor.role === "Admin" ? "edit" : categoryLevel(actor, facts.category);
}

/** Named on a restricted document, in person or through a group. */
function sharedWith(actor: AccessActor, facts: DocumentAccessFacts): boolean {
  return (
    facts.sharedUserIds.includes(actor.id) || facts.sharedGroupIds.some((g) => actor.groupIds.includes(g))
  );
}

/** The access lists alone: the owner always; others need view in the category and, if restricted, a share. */
export function passesAccessLists(actor: AccessActor, facts: DocumentAccessFacts): boolean {
  if (actor.role === "Admin" || facts.ownerId === actor.id) return true;
  if (!atLeast(categoryLevel(actor, facts.category), "view")) return false;
  return !facts.restricted || sharedWith(actor, facts);
}

/**
 * Whether the actor sees the document at all. Admins see everything; owners see their own
 * (archived ones too); anyone else needs it live, past Draft unless assigned in the round open now, and
 * allowed by the access lists. Unseen is answered 404.
 */
export function canSeeDocument(actor: AccessActor, facts: DocumentAccessFacts): boolean {
  if (actor.role === "Admin" || facts.ownerId === actor.id) return true;
  if (facts.archived) return false;
  const hasEffective = facts.effectiveVersion !== undefined && facts.effectiveVersion !== null;
  // A revision in Draft hides only itself: its readers still read the effective version.
  if (isPrivateDraft(facts.status) && !hasEffective && !facts.assigneeIds.includes(actor.id)) return false;
  return passesAccessLists(actor, facts);
}

/**
 * Whether the actor reads the document's working version (a revision in draft or review) rather
 * than its effective one: Admins, the owner and the people the open round waits on do; so does
 * everyone while nothing was ever approved (there is no other version to read).
 */
export function seesWorkingVersion(actor: AccessActor, facts: DocumentAccessFacts): boolean {
  if (facts.effectiveVersion === undefined || facts.effectiveVersion === null) return true;
  return actor.role === "Admin" || facts.ownerId === actor.id || facts.assigneeIds.includes(actor.id);
}

/** The newest version the actor may read: the current one, or the effective one (see seesWorkingVersion). */
export function readableVersion(actor: AccessActor, facts: DocumentAccessFacts): number {
  const current = facts.currentVersion ?? 1;
  if (seesWorkingVersion(actor, facts)) return current;
  return Math.min(current, facts.effectiveVersion ?? current);
}

/**
 * Whether someone could see the document once it leaves Draft: what an assignment needs, since
 * a reviewer or approver sees a Draft only because they are assigned.
 */
export function couldSeeOnceShared(actor: AccessActor, facts: DocumentAccessFacts): boolean {
  return canSeeDocument(actor, { ...facts, status: "In Review", assigneeIds: [] });
}
