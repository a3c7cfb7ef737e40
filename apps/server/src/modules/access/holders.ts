import type { AccessHolder, AccessLevel, EveryoneAccess, Role } from "@quire/contracts";
import { canReadDocument, type Actor, type DocumentFacts } from "../../policies/policy";

/** Everything "Who has access" looks at, loaded once per document (repository.loadHolderInputs). */
export interface HolderInputs {
  users: ReadonlyArray<{ id: string; username: string; role: Role }>;
  groups: ReadonlyArray<{ id: string; name: string }>;
  memberships: ReadonlyArray<{ groupId: string; userId: string }>;
  category: {
    name: string;
    everyone: EveryoneAccess;
    groups: ReadonlyArray<{ groupId: string; access: AccessLevel }>;
  };
  document: DocumentFacts & {
    restricted: boolean;
    userIds: readonly string[];
    groupIds: readonly string[];
  };
}

/** The facts a visibility rule decides on for one person (the document's and the person's groups). */
export interface PersonFacts {
  actor: Pick<Actor, "id" | "role">;
  groupIds: ReadonlySet<string>;
}

/** "May this person open the document?": the access rule, passed in so there is one of it. */
export type VisibilityRule = (person: PersonFacts, inputs: HolderInputs) => boolean;

const rank: Record<EveryoneAccess, number> = { none: 0, view: 1, add: 2, edit: 3 };

/** The level a person has in the document's category: everyone's, raised by their groups'. */
export function categoryLevel(person: PersonFacts, category: HolderInputs["category"]): EveryoneAccess {
  let level: EveryoneAccess = category.everyone;
  for (const g of category.groups) {
    if (person.groupIds.has(g.groupId) && rank[g.access] > rank[level]) level = g.access;
  }
  return level;
}

/**
 * Stand-in for the policy module's rule until it lands there (issue 18's "one rule"): what the
 * roles allow today, and then owner, or view in the category and, on a restricted document,
 * being named (or in a named group). The holders list takes the rule as a parameter, so
 * switching to the policy's own predicate changes one import.
 */
export const interimVisibilityRule: VisibilityRule = (person, inputs) => {
  const actor: Actor = { id: person.actor.id, username: "", role: person.actor.role, via: "session" };
  if (!canReadDocument(actor, inputs.document)) return false;
  if (person.actor.role === "Admin" || inputs.document.ownerId === person.actor.id) return true;
  if (rank[categoryLevel(person, inputs.category)] < rank.view) return false;
  return !inputs.document.restricted || namedOnDocument(person, inputs.document);
};

function namedOnDocument(person: PersonFacts, doc: HolderInputs["document"]): boolean {
  return doc.userIds.includes(person.actor.id) || doc.groupIds.some((g) => person.groupIds.has(g));
}

/** Why a person who can open the document can: each source of access, as a person reads it. */
function reasonsFor(person: PersonFacts, inputs: HolderInputs, groupName: (id: string) => string): string[] {
  const { document: doc, category } = inputs;
  const reasons: string[] = [];
  if (person.actor.role === "Admin") reasons.push("Admin");
  if (doc.ownerId === person.actor.id) reasons.push("Owner");
  if (doc.assigneeIds.includes(person.actor.id)) reasons.push("Assigned reviewer or approver");
  if (doc.restricted) {
    if (doc.userIds.includes(person.actor.id)) reasons.push("Named on this document");
    for (const g of doc.groupIds)
      if (person.groupIds.has(g)) reasons.push(`Group ${groupName(g)} (named on this document)`);
  }
  if (rank[category.everyone] >= rank.view)
    reasons.push(`Everyone (${category.everyone} in ${category.name})`);
  for (const g of category.groups)
    if (person.groupIds.has(g.groupId))
      reasons.push(`Group ${groupName(g.groupId)} (${g.access} in ${category.name})`);
  return reasons;
}

/**
 * "Who has access": every active user the rule lets open the document, with why, by username.
 * Pure, so it is tested over made-up archives without a database.
 */
export function accessHolders(inputs: HolderInputs, rule: VisibilityRule): AccessHolder[] {
  const names = new Map(inputs.groups.map((g) => [g.id, g.name]));
  const groupName = (id: string) => names.get(id) ?? "(deleted)";
  const groupsOf = new Map<string, Set<string>>();
  for (const m of inputs.memberships) {
    const set = groupsOf.get(m.userId) ?? new Set<string>();
    set.add(m.groupId);
    groupsOf.set(m.userId, set);
  }
  const holders: AccessHolder[] = [];
  for (const user of inputs.users) {
    const person: PersonFacts = { actor: user, groupIds: groupsOf.get(user.id) ?? new Set() };
    if (!rule(person, inputs)) continue;
    const reasons = reasonsFor(person, inputs, groupName);
    holders.push({
      userId: user.id,
      username: user.username,
      role: user.role,
      reasons: reasons.length > 0 ? reasons : ["Allowed by the access rule"],
    });
  }
  return holders.sort((a, b) => a.username.localeCompare(b.username));
}
