import type { Database } from "../../db/client";
import type { Role } from "@quire/contracts";
import { badRequest } from "../../lib/errors";
import { couldSeeOnceShared, type DocumentAccessFacts } from "../../policies/access";
import { groupIdsOf } from "../../policies/facts";
import { dutyRole } from "../../policies/policy";
import { APPROVAL_DEFAULTS_KEY, readSettingValue } from "../settings/repository";
import { activeUsers, activeUsersWithRole } from "./repository";
import { readAll } from "../../db/read-all";

export interface Assignment {
  reviewerIds: string[];
  approverId: string;
}

interface Requested {
  reviewers?: string[] | undefined;
  approverId?: string | undefined;
}

/**
 * Who reviews and who approves: the submitter's choice, else the organisation's defaults, else
 * every Reviewer and the first Approver by username. Whatever the source, each id must be an
 * active user with the right role, and nobody reviews or approves their own document (defaults
 * leave the owner out); a 400 names the bad id.
 */
export async function resolveAssignment(
  db: Database,
  requested: Requested,
  ownerId: string | null = null,
): Promise<Assignment> {
  const defaults = await readDefaults(db);
  const notOwner = (id: string) => id !== ownerId;
  const reviewerIds =
    requested.reviewers ??
    defaults?.reviewerIds?.filter(notOwner) ??
    (await activeUsersWithRole(db, dutyRole.review)).map((u) => u.id).filter(notOwner);
  const defaultApprover =
    defaults?.approverId && notOwner(defaults.approverId) ? defaults.approverId : undefined;
  const approverId =
    requested.approverId ??
    defaultApprover ??
    (await activeUsersWithRole(db, dutyRole.approve)).map((u) => u.id).find(notOwner);
  if (reviewerIds.length === 0)
    throw badRequest("reviewers: no user holds the Reviewer role; an Admin can assign it in Settings");
  if (!approverId)
    throw badRequest("approverId: no user holds the Approver role; an Admin can assign it in Settings");
  if (ownerId && reviewerIds.includes(ownerId))
    throw badRequest(`reviewers: ${ownerId} owns this document and cannot review it`);
  if (approverId === ownerId)
    throw badRequest(`approverId: ${approverId} owns this document and cannot approve it`);
  await assertAssignmentRoles(db, reviewerIds, approverId);
  return { reviewerIds, approverId };
}

/** Each reviewer an active Reviewer, listed once; the approver (if named) an active Approver. */
export async function assertAssignmentRoles(
  db: Database,
  reviewerIds: string[],
  approverId: string | null,
): Promise<void> {
  const seen = new Set<string>();
  for (const id of reviewerIds) {
    if (seen.has(id)) throw badRequest(`reviewers: ${id} is listed more than once`);
    seen.add(id);
  }
  const ids = approverId ? [...reviewerIds, approverId] : reviewerIds;
  const found = new Map((await activeUsers(db, ids)).map((u) => [u.id, u.role]));
  for (const id of reviewerIds) {
    if (found.get(id) !== dutyRole.review)
      throw badRequest(`reviewers: ${id} is not a user with the Reviewer role`);
  }
  if (approverId && found.get(approverId) !== dutyRole.approve)
    throw badRequest(`approverId: ${approverId} is not a user with the Approver role`);
}

/**
 * Nobody is asked to review or approve a document they could not open: each assignee must pass
 * the access rule as if the document had left Draft (assignment is what lets them see a Draft).
 * A 400 names the first one who could not.
 */
export async function assertAssigneesCanSee(
  db: Database,
  assignment: Assignment,
  facts: DocumentAccessFacts,
): Promise<void> {
  const ids = [...assignment.reviewerIds, assignment.approverId];
  const [people, groups] = await readAll(db, [() => activeUsers(db, ids), () => groupIdsOf(db, ids)]);
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const id of ids) {
    const person = byId.get(id);
    if (!person) continue; // assertAssignmentRoles has already refused unknown or disabled users
    const actor = { id, role: person.role as Role, groupIds: groups.get(id) ?? [] };
    if (!couldSeeOnceShared(actor, facts)) {
      const field = id === assignment.approverId ? "approverId" : "reviewers";
      throw badRequest(
        `${field}: ${person.username} cannot see this document (its category's access list or its ` +
          "restriction leaves them out), so they cannot be asked to review or approve it",
      );
    }
  }
}

/** The stored defaults, if they are well formed; anything else is treated as "not set". */
async function readDefaults(db: Database): Promise<Partial<Assignment> | null> {
  const stored = await readSettingValue(db, APPROVAL_DEFAULTS_KEY);
  if (typeof stored !== "object" || stored === null) return null;
  const value = stored as { reviewerIds?: unknown; approverId?: unknown };
  const reviewerIds =
    Array.isArray(value.reviewerIds) &&
    value.reviewerIds.length > 0 &&
    value.reviewerIds.every((id) => typeof id === "string")
      ? (value.reviewerIds as string[])
      : undefined;
  const approverId = typeof value.approverId === "string" ? value.approverId : undefined;
  return { ...(reviewerIds ? { reviewerIds } : {}), ...(approverId ? { approverId } : {}) };
}
