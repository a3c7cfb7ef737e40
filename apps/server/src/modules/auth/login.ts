import { and, count, eq, gt } from "drizzle-orm";
import type { AppContext } from "../../context";
import { loginFailures, users } from "../../db/schema";
import { tooManyRequests, unauthorized } from "../../lib/errors";
import { dummyPasswordHash, verifyPassword } from "../../lib/passwords";

/** An IP may fail more often than one username: an office behind one NAT shares an address. */
const IP_FAILURE_MULTIPLIER = 4;

type LoginUser = { id: string; username: string; role: string; mustChangePassword: boolean };

/**
 * Checks a username and password, refusing while too many recent failures are on record for the
 * username or the IP. Failures are rows in the database, so every server process sees the same counts.
 */
export async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<LoginUser> {
  const now = ctx.clock.now();
  const windowMinutes = ctx.config.loginWindowMinutes;
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  const key = username.toLowerCase();
  const [[byUser], [byIp]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.username, key), gt(loginFailures.createdAt, since))),
    ctx.db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since))),
  ]);
  const max = ctx.config.loginMaxFailures;
  if ((byUser?.n ?? 0) >= max || (byIp?.n ?? 0) >= max * IP_FAILURE_MULTIPLIER) {
    throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${windowMinutes} minutes.`);
  }

  const [user] = await ctx.db.select().from(users).where(eq(users.username, key)).limit(1);
  const usable = user && !user.disabledAt ? user : undefined;
  // Verify even for an unknown user, so the answer's timing does not tell which usernames exist.
  const valid = await verifyPassword(password, usable?.passwordHash ?? (await dummyPasswordHash()));
  if (!usable || !valid) {
    await ctx.db.insert(loginFailures).values({ username: key, ip, createdAt: now });
    throw unauthorized("Invalid username or password");
  }
  return {
    id: usable.id,
    username: usable.username,
    role: usable.role,
    mustChangePassword: usable.mustChangePassword,
  };
}
