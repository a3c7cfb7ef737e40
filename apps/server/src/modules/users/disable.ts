import type { User } from "@quire/contracts";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../lib/errors";
import { isAdministrator, type Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { raise } from "../../events/subscriber";
import { presentUser } from "./presenter";
import { countUsers, findUser, updateUser } from "./repository";

/**
 * Offboarding: a disabled account cannot sign in (by password or single sign-on), its sessions and
 * open event streams end at once, its API tokens are revoked, and reviews waiting on it end (nobody
 * could finish them). Its documents, history and group memberships stay, so enabling it again
 * gives back what it had; a new password is not needed, since nobody learnt the old one here.
 */
export async function setDisabled(
  ctx: AppContext,
  admin: Actor,
  userId: string,
  disabled: boolean,
): Promise<User> {
  if (disabled && userId === admin.id) throw conflict("You cannot disable your own account");
  return withTransaction(ctx, admin, async (tx, record) => {
    const user = await findUser(tx, { id: userId }, true);
    if (!user) throw notFound("User");
    if (Boolean(user.disabledAt) === disabled) return presentUser(user);
    if (
      disabled &&
      isAdministrator(user.role) &&
      (await countUsers(tx, { role: "Admin", active: true })) <= 1
    )
      throw conflict("The last Admin cannot be disabled; make another user Admin first");
    const now = ctx.clock.now();
    const updated = await updateUser(tx, userId, { disabledAt: disabled ? now : null });
    if (!updated) throw notFound("User");
    await record({
      action: disabled ? "Disabled user" : "Enabled user",
      subjectType: "user",
      subjectId: userId,
      data: { username: user.username },
    });
    if (disabled) {
      await raise(ctx, tx, { type: "user.disabled", by: admin, at: now, userId });
    }
    return presentUser(updated);
  });
}
