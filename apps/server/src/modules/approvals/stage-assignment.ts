import type { Role, SnapshotStage, StagePicks, SubmitReviewBody } from "@quire/contracts";
import { quorumNeeded } from "@quire/contracts";
import { and, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { groupMembers, users } from "../../db/schema";
import { readAll } from "../../db/read-all";
import { badRequest } from "../../lib/errors";
import { couldSeeOnceShared, type DocumentAccessFacts } from "../../policies/access";
import { groupIdsOf } from "../../policies/facts";
import { assertAssigneesCanSee, resolveAssignment } from "./assignment";
import { eligibleForStage } from "./policy";
import type { NewSeat } from "./repository";

/**
 * Who sits at each stage of a new round: the author's picks within each stage's pool (people whose
 * role is in it or who belong to one of its groups, or whole groups it names), or for the default
 * flow the seed's reviewers and approver. Nobody sits twice in a round, nobody acts on their own
 * document or on one they could not open, and each stage gets at least the picks its quorum needs.
 */

interface Person {
  id: string;
  username: string;
  role: Role;
  groupIds: string[];
}

async function people(db: Database, ids: readonly string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const [rows, groups] = await readAll(db, [
    () =>
      db
        .select({ id: users.id, username: users.username, role: users.role })
        .from(users)
        .where(and(inArray(users.id, [...new Set(ids)]), isNull(users.disabledAt))),
    () => groupIdsOf(db, ids),
  ]);
  return new Map(rows.map((r) => [r.id, { ...r, role: r.role as Role, groupIds: groups.get(r.id) ?? [] }]));
}

async function membersOf(db: Database, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(groupIds.map((g) => [g, []]));
  if (groupIds.length === 0) return map;
  const rows = await db
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, [...groupIds]));
  for (const r of rows) map.get(r.groupId)?.push(r.userId);
  return map;
}

/** The seed's reviewers and approver as picks for a two-stage template. */
function legacyPicks(body: SubmitReviewBody): StagePicks | null {
  if (!body.reviewers || !body.approverId) return null;
  return [
    { assignees: body.reviewers.map((userId) => ({ userId })) },
    { assignees: [{ userId: body.approverId }] },
  ];
}

/**
 * The seats of a new round under `stages`. With the default flow (`useDefault`) and no per-stage
 * picks, the seed's rules hold (organisation defaults, every Reviewer and the first Approver).
 */
export async function resolveSeats(
  db: Database,
  stages: readonly SnapshotStage[],
  body: SubmitReviewBody,
  facts: DocumentAccessFacts & { ownerId: string },
  useDefault: boolean,
): Promise<NewSeat[]> {
  if (!body.stages && useDefault) {
    const assignment = await resolveAssignment(db, body, facts.ownerId);
    await assertAssigneesCanSee(db, assignment, facts);
    return [
      ...assignment.reviewerIds.map((userId) => ({ userId, stage: 0 })),
      { userId: assignment.approverId, stage: 1 },
    ];
  }
  const picks = body.stages ?? (stages.length === 2 ? legacyPicks(body) : null);
  if (!picks || picks.length !== stages.length)
    throw badRequest(
      `stages: this category's approval template has ${stages.length} stages; pick the assignees of each`,
    );
  return seatsFromPicks(db, stages, picks, facts);
}

async function seatsFromPicks(
  db: Database,
  stages: readonly SnapshotStage[],
  picks: StagePicks,
  facts: DocumentAccessFacts & { ownerId: string },
): Promise<NewSeat[]> {
  const userIds = picks.flatMap((p) => p.assignees.flatMap((a) => ("userId" in a ? [a.userId] : [])));
  const groupIds = picks.flatMap((p) => p.assignees.flatMap((a) => ("groupId" in a ? [a.groupId] : [])));
  const members = await membersOf(db, groupIds);
  const known = await people(db, [...userIds, ...[...members.values()].flat()]);
  const seated = new Set<string>();
  const seats: NewSeat[] = [];
  const canAct = (p: Person) => p.id !== facts.ownerId && couldSeeOnceShared(p, facts);
  // People picked by name first, so a group never takes a seat someone was picked for.
  picks.forEach((pick, i) => {
    const stage = stages[i]!;
    for (const a of pick.assignees) {
      if (!("userId" in a)) continue;
      const person = known.get(a.userId);
      if (!person) throw badRequest(`stages.${i}: ${a.userId} is not an active user`);
      if (person.id === facts.ownerId)
        throw badRequest(
          `stages.${i}: ${person.username} owns this document and cannot review or approve it`,
        );
      if (!eligibleForStage(person, stage))
        throw badRequest(`stages.${i}: ${person.username} is not in the pool of ${stage.name}`);
      if (!couldSeeOnceShared(person, facts))
        throw badRequest(
          `stages.${i}: ${person.username} cannot see this document, so they cannot be asked to act on it`,
        );
      if (seated.has(person.id))
        throw badRequest(`stages.${i}: ${person.username} is picked twice; each person acts once per round`);
      seated.add(person.id);
      seats.push({ userId: person.id, stage: i });
    }
  });
  picks.forEach((pick, i) => {
    const stage = stages[i]!;
    for (const a of pick.assignees) {
      if (!("groupId" in a)) continue;
      const group = stage.groups.find((g) => g.id === a.groupId);
      if (!group) throw badRequest(`stages.${i}: that group is not in the pool of ${stage.name}`);
      const able = (members.get(a.groupId) ?? [])
        .map((id) => known.get(id))
        .filter((p): p is Person => p !== undefined && canAct(p) && !seated.has(p.id))
        .sort((x, y) => x.username.localeCompare(y.username));
      if (able.length === 0)
        throw badRequest(`stages.${i}: no member of ${group.name} can act on this document`);
      for (const p of able) {
        seated.add(p.id);
        seats.push({ userId: p.id, stage: i, groupId: a.groupId });
      }
    }
    const units = pick.assignees.length;
    if (units < quorumNeeded(stage.quorum, units))
      throw badRequest(
        `stages.${i}: ${stage.name} needs ${quorumNeeded(stage.quorum, units)} approvals; pick at least that many`,
      );
  });
  return seats;
}

/** The user whose seats carry the approval stage's name in the seed's approverId. */
export function approverOf(seats: readonly NewSeat[], stages: number): string {
  const seat = seats.find((s) => s.stage === stages - 1);
  if (!seat) throw badRequest("stages: the approval stage needs someone to decide");
  return seat.userId;
}

export { people as peopleWithGroups };
