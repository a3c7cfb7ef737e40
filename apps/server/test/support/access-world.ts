import { accessLevels, documentStatuses, everyoneAccessLevels, type Role } from "@quire/contracts";
import fc from "fast-check";
import { inArray } from "drizzle-orm";
import type { Database } from "../../src/db/client";
import {
  approvalReviewers,
  approvals,
  categories,
  categoryGroupAccess,
  documentGroupAccess,
  documents,
  documentUserAccess,
  groupMembers,
  groups,
  users,
} from "../../src/db/schema";
import { defaultSnapshot } from "../../src/modules/approvals/templates";
import {
  canSeeDocument,
  categoryLevel,
  type AccessActor,
  type DocumentAccessFacts,
} from "../../src/policies/access";

/**
 * Small random archives for the access property tests: users (by index into a given list),
 * groups, categories with access lists, documents with status, archive flag, restriction and
 * assignees. `writeAccessWorld` inserts one with drizzle (the admin API is another module's);
 * `modelSees` is the pure model every listing is compared with.
 */
export interface WorldDoc {
  owner: number;
  category: number;
  status: (typeof documentStatuses)[number];
  archived: boolean;
  restricted: boolean;
  sharedUsers: number[];
  sharedGroups: number[];
  /** Approver, then reviewers, of the round open now (empty: none open). */
  assignees: number[];
  /** Approver, then reviewers, of an earlier round that ended (empty: none); they are granted nothing. */
  former: number[];
  formerStage: (typeof endedStages)[number];
  /** A version was approved earlier: its readers see the document whatever its status. */
  effective: boolean;
}

/** How a round that no longer waits on anyone ended. */
const endedStages = ["Approved", "Rejected", "Changes Requested", "Withdrawn"] as const;

export interface AccessWorld {
  groupMembers: number[][];
  categories: Array<{
    everyone: (typeof everyoneAccessLevels)[number];
    groups: Array<{ group: number; access: (typeof accessLevels)[number] }>;
  }>;
  docs: WorldDoc[];
}

const subset = (n: number) => fc.uniqueArray(fc.nat({ max: n - 1 }), { maxLength: n });

/** A world over `userCount` users, with up to 3 groups, 3 categories and `maxDocs` documents. */
export function accessWorld(userCount: number, maxDocs = 6): fc.Arbitrary<AccessWorld> {
  return fc.integer({ min: 0, max: 3 }).chain((groupCount) =>
    fc.record({
      groupMembers: fc.array(subset(userCount), { minLength: groupCount, maxLength: groupCount }),
      categories: fc.array(
        fc.record({
          everyone: fc.constantFrom(...everyoneAccessLevels),
          groups:
            groupCount === 0
              ? fc.constant([])
              : fc.uniqueArray(
                  fc.record({
                    group: fc.nat({ max: groupCount - 1 }),
                    access: fc.constantFrom(...accessLevels),
                  }),
                  { selector: (g) => g.group, maxLength: groupCount },
                ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      docs: fc.array(
        fc.record({
          owner: fc.nat({ max: userCount - 1 }),
          category: fc.nat({ max: 2 }),
          status: fc.constantFrom(...documentStatuses),
          archived: fc.boolean(),
          restricted: fc.boolean(),
          sharedUsers: subset(userCount),
          sharedGroups: groupCount === 0 ? fc.constant([]) : subset(groupCount),
          assignees: fc.uniqueArray(fc.nat({ max: userCount - 1 }), { maxLength: 3 }),
          former: fc.uniqueArray(fc.nat({ max: userCount - 1 }), { maxLength: 3 }),
          formerStage: fc.constantFrom(...endedStages),
          effective: fc.boolean(),
        }),
        { minLength: 1, maxLength: maxDocs },
      ),
    }),
  );
}

export interface WrittenWorld {
  world: AccessWorld;
  groupIds: string[];
  categoryIds: string[];
  categoryNames: string[];
  docIds: string[];
  /** Each user as the rule sees them, in the world's user order. */
  actors: AccessActor[];
  facts: DocumentAccessFacts[];
}

let worldCounter = 0;

/** Inserts the world's groups, categories, documents, shares and rounds; documents get `title(i)`. */
export async function writeAccessWorld(
  db: Database,
  people: ReadonlyArray<{ id: string; role: Role }>,
  world: AccessWorld,
  title: (i: number) => string = (i) => `World doc ${i}`,
  insertDocument?: (i: number, d: WorldDoc, categoryId: string) => Promise<string>,
): Promise<WrittenWorld> {
  const tag = `${process.pid}-${++worldCounter}`;
  const groupIds: string[] = [];
  for (const [g] of world.groupMembers.entries()) {
    const [row] = await db
      .insert(groups)
      .values({ name: `group ${tag}-${g}` })
      .returning({ id: groups.id });
    groupIds.push(row!.id);
  }
  const memberRows = world.groupMembers.flatMap((ms, g) =>
    ms.map((u) => ({ groupId: groupIds[g]!, userId: people[u]!.id })),
  );
  if (memberRows.length) await db.insert(groupMembers).values(memberRows);
  const categoryIds: string[] = [];
  const categoryNames = world.categories.map((_, c) => `category ${tag}-${c}`);
  for (const [c, cat] of world.categories.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ name: categoryNames[c]!, everyoneAccess: cat.everyone })
      .returning({ id: categories.id });
    categoryIds.push(row!.id);
    if (cat.groups.length)
      await db
        .insert(categoryGroupAccess)
        .values(
          cat.groups.map((g) => ({ categoryId: row!.id, groupId: groupIds[g.group]!, access: g.access })),
        );
  }
  const docIds: string[] = [];
  for (const [i, d] of world.docs.entries()) {
    const categoryId = categoryIds[d.category % categoryIds.length]!;
    const id = insertDocument
      ? await insertDocument(i, d, categoryId)
      : (
          await db
            .insert(documents)
            .values({ title: title(i), categoryId, ownerId: people[d.owner]!.id })
            .returning({ id: documents.id })
        )[0]!.id;
    await applyDocSettings(db, people, groupIds, id, d, categoryId);
    docIds.push(id);
  }
  const actors = people.map((p, u) => ({
    id: p.id,
    role: p.role,
    groupIds: world.groupMembers.flatMap((ms, g) => (ms.includes(u) ? [groupIds[g]!] : [])),
  }));
  const facts = world.docs.map((d) => modelFacts(world, d, people, groupIds, categoryIds));
  return { world, groupIds, categoryIds, categoryNames, docIds, actors, facts };
}

async function applyDocSettings(
  db: Database,
  people: ReadonlyArray<{ id: string }>,
  groupIds: string[],
  id: string,
  d: WorldDoc,
  categoryId: string,
): Promise<void> {
  await db
    .update(documents)
    .set({
      status: d.status,
      archivedAt: d.archived ? new Date() : null,
      restricted: d.restricted,
      categoryId,
      ownerId: people[d.owner]!.id,
      effectiveVersion: d.effective ? 1 : null,
    })
    .where(inArray(documents.id, [id]));
  if (d.sharedUsers.length)
    await db
      .insert(documentUserAccess)
      .values(d.sharedUsers.map((u) => ({ documentId: id, userId: people[u]!.id })));
  if (d.sharedGroups.length)
    await db
      .insert(documentGroupAccess)
      .values(d.sharedGroups.map((g) => ({ documentId: id, groupId: groupIds[g]! })));
  await insertRound(db, people, id, d.owner, 1, d.formerStage, d.former);
  await insertRound(db, people, id, d.owner, 2, "Awaiting Review", d.assignees);
}

/** One round of the document with `assignees` (approver first), if there are any. */
async function insertRound(
  db: Database,
  people: ReadonlyArray<{ id: string }>,
  documentId: string,
  owner: number,
  round: number,
  stage: string,
  assignees: number[],
): Promise<void> {
  const [approver, ...reviewers] = assignees;
  if (approver === undefined) return;
  const [row] = await db
    .insert(approvals)
    .values({
      documentId,
      round,
      version: 1,
      stage,
      submittedBy: people[owner]!.id,
      approverId: people[approver]!.id,
      template: defaultSnapshot,
      step: stage === "Awaiting Review" ? 0 : 1,
    })
    .returning({ id: approvals.id });
  const seats = [
    ...reviewers.map((r) => ({ reviewerId: people[r]!.id, stageIndex: 0 })),
    { reviewerId: people[approver]!.id, stageIndex: 1 },
  ];
  // A person both reviewing and approving sits once (a round never seats anyone twice).
  const unique = seats.filter((s, i) => seats.findIndex((o) => o.reviewerId === s.reviewerId) === i);
  await db
    .insert(approvalReviewers)
    .values(unique.map((seat, position) => ({ approvalId: row!.id, ...seat, position })));
}

function modelFacts(
  world: AccessWorld,
  d: WorldDoc,
  people: ReadonlyArray<{ id: string }>,
  groupIds: string[],
  categoryIds: string[],
): DocumentAccessFacts {
  const cat = world.categories[d.category % world.categories.length]!;
  return {
    ownerId: people[d.owner]!.id,
    status: d.status,
    archived: d.archived,
    // Only the open round's assignees: the model grants the former ones nothing.
    assigneeIds: d.assignees.map((u) => people[u]!.id),
    categoryId: categoryIds[d.category % categoryIds.length]!,
    category: {
      everyoneAccess: cat.everyone,
      groups: cat.groups.map((g) => ({ groupId: groupIds[g.group]!, access: g.access })),
    },
    restricted: d.restricted,
    sharedUserIds: d.sharedUsers.map((u) => people[u]!.id),
    sharedGroupIds: d.sharedGroups.map((g) => groupIds[g]!),
    currentVersion: 1,
    effectiveVersion: d.effective ? 1 : null,
  };
}

/** The model: which of the world's documents the user (by index) sees in lists (not archived). */
export function modelListable(w: WrittenWorld, user: number): string[] {
  const actor = w.actors[user]!;
  return w.docIds.filter((_, i) => !w.facts[i]!.archived && canSeeDocument(actor, w.facts[i]!)).sort();
}

/** The model's level of a user in each of the world's categories. */
export function modelLevels(w: WrittenWorld, user: number): string[] {
  const actor = w.actors[user]!;
  return w.world.categories.map((c) =>
    actor.role === "Admin"
      ? "edit"
      : categoryLevel(actor, {
          everyoneAccess: c.everyone,
          groups: c.groups.map((g) => ({ groupId: w.groupIds[g.group]!, access: g.access })),
        }),
  );
}

/** Users of `people` in the demo database, in a fixed order. */
export async function loadPeople(db: Database): Promise<Array<{ id: string; username: string; role: Role }>> {
  const rows = await db.select({ id: users.id, username: users.username, role: users.role }).from(users);
  return rows
    .map((r) => ({ ...r, role: r.role as Role }))
    .sort((a, b) => a.username.localeCompare(b.username));
}
