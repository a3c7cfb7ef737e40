import type { AccessHolder, Role } from "@quire/contracts";
import { atLeast, canSeeDocument, type AccessActor, type DocumentAccessFacts } from "../../policies/access";
import { isAdministrator } from "../../policies/policy";

/** Everything "Who has access" looks at, loaded once per document (repository.loadHolderInputs). */
export interface HolderInputs {
  users: ReadonlyArray<{ id: string; username: string; role: Role }>;
  groups: ReadonlyArray<{ id: string; name: string }>;
  memberships: ReadonlyArray<{ groupId: string; userId: string }>;
  categoryName: string;
  document: DocumentAccessFacts;
}

/** "May this person open the document?": the policy's rule, a parameter so tests can pass their own. */
export type VisibilityRule = (actor: AccessActor, facts: DocumentAccessFacts) => boolean;

/** Why a person who can open the document can: each source of access, as a person reads it. */
function reasonsFor(actor: AccessActor, inputs: HolderInputs, groupName: (id: string) => string): string[] {
  const { document: doc, categoryName } = inputs;
  const inGroup = (id: string) => actor.groupIds.includes(id);
  const reasons: string[] = [];
  if (isAdministrator(actor.role)) reasons.push("Admin");
  if (doc.ownerId === actor.id) reasons.push("Owner");
  if (doc.assigneeIds.includes(actor.id)) reasons.push("Assigned reviewer or approver");
  if (doc.restricted) {
    if (doc.sharedUserIds.includes(actor.id)) reasons.push("Named on this document");
    for (const g of doc.sharedGroupIds)
      if (inGroup(g)) reasons.push(`Group ${groupName(g)} (named on this document)`);
  }
  const everyone = doc.category.everyoneAccess;
  if (atLeast(everyone, "view")) reasons.push(`Everyone (${everyone} in ${categoryName})`);
  for (const g of doc.category.groups)
    if (inGroup(g.groupId)) reasons.push(`Group ${groupName(g.groupId)} (${g.access} in ${categoryName})`);
  return reasons;
}

/**
 * "Who has access": every active user the rule lets open the document, with why, by username.
 * Pure, so it is tested over made-up archives without a database.
 */
export function accessHolders(inputs: HolderInputs, rule: VisibilityRule = canSeeDocument): AccessHolder[] {
  const names = new Map(inputs.groups.map((g) => [g.id, g.name]));
  const groupName = (id: string) => names.get(id) ?? "(deleted)";
  const groupsOf = new Map<string, string[]>();
  for (const m of inputs.memberships) groupsOf.set(m.userId, [...(groupsOf.get(m.userId) ?? []), m.groupId]);
  const holders: AccessHolder[] = [];
  for (const user of inputs.users) {
    const actor: AccessActor = { id: user.id, role: user.role, groupIds: groupsOf.get(user.id) ?? [] };
    if (!rule(actor, inputs.document)) continue;
    const reasons = reasonsFor(actor, inputs, groupName);
    holders.push({
      userId: user.id,
      username: user.username,
      role: user.role,
      reasons: reasons.length > 0 ? reasons : ["Allowed by the access rule"],
    });
  }
  return holders.sort((a, b) => a.username.localeCompare(b.username));
}
