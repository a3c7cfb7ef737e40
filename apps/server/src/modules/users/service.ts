import type { Role, User, UserListItem } from "@quire/contracts";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../lib/errors";
import { generateTemporaryPassword } from "../../lib/passwords";
import { authorizeGlobal, isAdministrator, type Actor } from "../../policies/policy";
import { withTransaction, type CommandActor } from "../activity/command";
import { raise } from "../../events/subscriber";
import { presentUser, presentUserListItem } from "./presenter";
import { countUsers, findUser, findUsers, insertUser, updateUser } from "./repository";

/** Active users for everyone (pickers, owners); disabled ones too for those who manage users. */
export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: { includeDisabled: boolean },
): Promise<UserListItem[]> {
  if (query.includeDisabled) authorizeGlobal(actor, "user.manage");
  const rows = await findUsers(ctx.db, { active: !query.includeDisabled });
  return rows.map(presentUserListItem);
}

export async function createUser(
  ctx: AppContext,
  by: CommandActor,
  input: { username: string; role: Role },
): Promise<User & { temporaryPassword: string }> {
  const username = input.username.toLowerCase();
  const existing = await findUser(ctx.db, { username });
  if (existing) throw conflict(`A user named '${username}' already exists`);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await ctx.passwords.hash(temporaryPassword);
  const row = await withTransaction(ctx, by, async (tx, record) => {
    const inserted = await insertUser(tx, {
      username,
      role: input.role,
      passwordHash,
      mustChangePassword: true,
    });
    await record({
      action: "Created user",
      subjectType: "user",
      subjectId: inserted.id,
      data: { username, role: input.role },
    });
    return inserted;
  });
  return { ...presentUser(row), temporaryPassword };
}

/**
 * The organisation always keeps at least one Admin, or nobody could manage it again. Review rounds
 * that wait on this user in the role they lose end at once (their documents return to Draft and
 * the owners are told), since nobody could finish them.
 */
export async function changeRole(ctx: AppContext, admin: Actor, userId: string, role: Role): Promise<User> {
  return withTransaction(ctx, admin, async (tx, record) => {
    const user = await findUser(tx, { id: userId }, true);
    if (!user) throw notFound("User");
    if (isAdministrator(user.role) && !isAdministrator(role)) {
      const admins = await countUsers(tx, { role: "Admin", active: true });
      if (admins <= 1)
        throw conflict("The last Admin cannot lose the Admin role; make another user Admin first");
    }
    const updated = await updateUser(tx, userId, { role });
    // A role change takes effect at once: sessions are looked up with the user's current role anyway.
    if (!updated) throw notFound("User");
    await record({
      action: "Changed role",
      subjectType: "user",
      subjectId: userId,
      data: { username: user.username, from: user.role, to: role },
    });
    if (user.role !== role) {
      await raise(ctx, tx, {
        type: "user.roleChanged",
        by: admin,
        at: ctx.clock.now(),
        userId,
        from: user.role,
        to: role,
      });
    }
    return presentUser(updated);
  });
}
