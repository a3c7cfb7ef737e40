import { randomBytes } from "node:crypto";
import type { Role } from "@quire/contracts";
import type { OidcConfig } from "../../config";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { isAdministrator } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { raise } from "../../events/subscriber";
import { changeMemberships, groupIdsOfUser, groupsNamed } from "../groups/repository";
import { countUsers, findUser, insertUser, updateUser, type UserRow } from "../users/repository";

/** Bounds on what a provider's claims may put in the database. */
const MAX_GROUPS = 200;
const MAX_GROUP_LENGTH = 200;
const MAX_USERNAME_LENGTH = 56;
const DEFAULT_ROLE: Role = "Viewer";

export type OidcClaims = Record<string, unknown> & { iss: string; sub: string };

export interface SsoUser {
  id: string;
  username: string;
  role: string;
  mustChangePassword: boolean;
}

/** A sign-in the provider vouched for but Quire refuses (a disabled account). */
export class SsoRefused extends Error {}

/** The claim's value at a dotted path ("realm_access.roles"), as a list of strings. */
export function claimValues(claims: Record<string, unknown>, path: string): string[] {
  let value: unknown = claims;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
    value = (value as Record<string, unknown>)[key];
  }
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === "string" && v.length > 0);
}

/** The first OIDC_ROLE_MAP entry the claim holds; Viewer when none does; undefined when roles are Quire's to set. */
export function mappedRole(config: OidcConfig, claims: Record<string, unknown>): Role | undefined {
  if (!config.roleClaim) return undefined;
  const held = new Set(claimValues(claims, config.roleClaim));
  return config.roleMap.find((entry) => held.has(entry.value))?.role ?? DEFAULT_ROLE;
}

export function groupsFrom(config: OidcConfig, claims: Record<string, unknown>): string[] {
  if (!config.groupsClaim) return [];
  const names = claimValues(claims, config.groupsClaim).map((g) => g.slice(0, MAX_GROUP_LENGTH));
  return [...new Set(names)].slice(0, MAX_GROUPS).sort();
}

/**
 * The Quire groups the provider's claim puts the user in (by OIDC_GROUP_MAP, else by the same
 * name in any letter case), joined; those an earlier claim gave and this one does not, left.
 * Memberships an Admin set by hand in groups no claim ever named stay as they are.
 */
async function syncGroupMemberships(
  tx: Database,
  config: OidcConfig,
  userId: string,
  claim: { before: readonly string[]; after: readonly string[] },
): Promise<{ joined: string[]; left: string[]; leftIds: string[] }> {
  const quireName = (name: string) => config.groupMap.get(name) ?? name;
  const wanted = await groupsNamed(tx, claim.after.map(quireName));
  const earlier = await groupsNamed(tx, claim.before.map(quireName));
  const held = new Set(await groupIdsOfUser(tx, userId));
  const wantedIds = new Set(wanted.map((g) => g.id));
  const join = wanted.filter((g) => !held.has(g.id));
  const leave = earlier.filter((g) => !wantedIds.has(g.id) && held.has(g.id));
  await changeMemberships(tx, userId, { join: join.map((g) => g.id), leave: leave.map((g) => g.id) });
  return { joined: join.map((g) => g.name), left: leave.map((g) => g.name), leftIds: leave.map((g) => g.id) };
}

/** preferred_username, else email, reduced to the characters local usernames use. */
export function baseUsername(claims: Record<string, unknown>): string {
  const raw = [claims.preferred_username, claims.email].find(
    (v): v is string => typeof v === "string" && v.trim().length > 0,
  );
  const cleaned = (raw ?? "")
    .slice(0, 200)
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .slice(0, MAX_USERNAME_LENGTH)
    .replace(/^[-.]+|[-.]+$/g, "");
  return cleaned.length >= 2 ? cleaned : "user";
}

async function usernameTaken(db: Database, username: string): Promise<boolean> {
  return (await findUser(db, { username })) !== null;
}

/** The base name, or base-2, base-3…: an SSO user never takes over a local account of the same name. */
async function uniqueUsername(db: Database, base: string): Promise<string> {
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `${base}-${randomBytes(4).toString("hex")}`;
}

async function isLastAdmin(tx: Database, role: string): Promise<boolean> {
  if (!isAdministrator(role)) return false;
  return (await countUsers(tx, { role: "Admin", active: true })) <= 1;
}

/**
 * The Quire user for a verified ID token: found by the provider's (issuer, subject), created on the
 * first sign-in, and given the mapped role and the groups on every sign-in. Users created here get
 * a hash of a random password nobody knows, so password sign-in never works for them.
 */
export async function userFromClaims(ctx: AppContext, claims: OidcClaims, ip: string): Promise<SsoUser> {
  const config = ctx.config.oidc!;
  const role = mappedRole(config, claims);
  const groups = groupsFrom(config, claims);
  const existing = await findUser(ctx.db, { oidc: { issuer: claims.iss, subject: claims.sub } });
  if (existing) {
    if (existing.disabledAt) throw new SsoRefused("This account is disabled. Ask an Admin to enable it.");
    return updateFromClaims(ctx, existing, { role, groups }, ip);
  }
  const passwordHash = await ctx.passwords.hash(randomBytes(32).toString("base64url"));
  return withTransaction(ctx, { id: null, ip }, async (tx, record) => {
    const username = await uniqueUsername(tx, baseUsername(claims));
    const inserted = await insertUser(tx, {
      username,
      role: role ?? DEFAULT_ROLE,
      passwordHash,
      oidcIssuer: claims.iss,
      oidcSubject: claims.sub,
      oidcGroups: groups,
    });
    const memberships = await syncGroupMemberships(tx, config, inserted.id, { before: [], after: groups });
    await record({
      action: "Created user",
      subjectType: "user",
      subjectId: inserted.id,
      data: { username, role: inserted.role, groups, joined: memberships.joined, via: "single sign-on" },
    });
    return { id: inserted.id, username, role: inserted.role, mustChangePassword: false };
  });
}

async function updateFromClaims(
  ctx: AppContext,
  user: UserRow,
  next: { role: Role | undefined; groups: string[] },
  ip: string,
): Promise<SsoUser> {
  return withTransaction(ctx, { id: user.id, ip }, async (tx, record) => {
    let role = next.role ?? user.role;
    // The organisation keeps at least one Admin, as when an Admin changes roles by hand.
    if (role !== user.role && (await isLastAdmin(tx, user.role))) role = user.role;
    const groupsChanged = JSON.stringify(next.groups) !== JSON.stringify(user.oidcGroups);
    const memberships = await syncGroupMemberships(tx, ctx.config.oidc!, user.id, {
      before: user.oidcGroups,
      after: next.groups,
    });
    const { leftIds, ...named } = memberships;
    const membershipsChanged = named.joined.length + named.left.length > 0;
    if (role === user.role && !groupsChanged && !membershipsChanged)
      return { id: user.id, username: user.username, role, mustChangePassword: false };
    await updateUser(tx, user.id, { role, oidcGroups: next.groups });
    await record({
      action: "Updated user from single sign-on",
      subjectType: "user",
      subjectId: user.id,
      data: { username: user.username, from: user.role, to: role, groups: next.groups, ...named },
    });
    const at = ctx.clock.now();
    if (role !== user.role)
      await raise(ctx, tx, {
        type: "user.roleChanged",
        by: user,
        at,
        userId: user.id,
        from: user.role,
        to: role,
      });
    if (leftIds.length > 0)
      await raise(ctx, tx, { type: "group.membersChanged", by: user, at, groupIds: leftIds });
    return { id: user.id, username: user.username, role, mustChangePassword: false };
  });
}
