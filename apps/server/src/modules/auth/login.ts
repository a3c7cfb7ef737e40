import type { AppContext } from "../../context";
import { tooManyRequests, unauthorized } from "../../lib/errors";
import { findUser } from "../users/repository";
import { countLoginFailures, deleteLoginFailure, insertLoginFailure, lockSignIn } from "./repository";
import { readAll } from "../../db/read-all";

/** An IP may fail more often than one username: an office behind one NAT shares an address. */
const IP_FAILURE_MULTIPLIER = 4;
/** Advisory-lock class for sign-in attempts (two-integer keys; the second is the username's hash). */
const LOGIN_LOCK_CLASS = 7_263_116;
/** The account-wide delay once failures from many addresses pile up: 250 ms, doubling, at most 8 s. */
const ACCOUNT_DELAY_BASE_MS = 250;
const ACCOUNT_DELAY_MAX_MS = 8_000;

type LoginUser = { id: string; username: string; role: string; mustChangePassword: boolean };

interface Attempt {
  id: number;
  /** Failures for this username from any address within the window. */
  accountFailures: number;
}

/**
 * Records the attempt as a failure before the password is checked, after counting, all under a
 * lock on the username: parallel guesses cannot all slip under the limit. The address that failed
 * is locked out (of this username, and of every username past a higher count); the account itself
 * never is, so an attacker elsewhere cannot lock the real user out.
 */
async function reserveAttempt(ctx: AppContext, key: string, ip: string, now: Date): Promise<Attempt> {
  const since = new Date(now.getTime() - ctx.config.loginWindowMinutes * 60_000);
  const max = ctx.config.loginMaxFailures;
  return ctx.db.transaction(async (tx) => {
    await lockSignIn(tx, LOGIN_LOCK_CLASS, key);
    const [fromHere, fromIp, forAccount] = await readAll(tx, [
      () => countLoginFailures(tx, { username: key, ip, since }),
      () => countLoginFailures(tx, { ip, since }),
      () => countLoginFailures(tx, { username: key, since }),
    ]);
    if (fromHere >= max || fromIp >= max * IP_FAILURE_MULTIPLIER) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${ctx.config.loginWindowMinutes} minutes.`,
      );
    }
    const id = await insertLoginFailure(tx, { username: key, ip, createdAt: now });
    return { id, accountFailures: forAccount };
  });
}

/**
 * A password entered again to sign a decision (approvals/signing.ts): counted with the sign-in
 * failures of the same username and address, so a stolen or unattended session cannot guess the
 * password at the signing dialog faster than at the sign-in page (429 once the limit is reached).
 */
export async function verifyPasswordAgain(
  ctx: AppContext,
  user: { username: string; passwordHash: string },
  password: string,
  ip: string,
): Promise<boolean> {
  const attempt = await reserveAttempt(ctx, user.username.toLowerCase(), ip, ctx.clock.now());
  const delay = accountDelayMs(attempt.accountFailures, ctx.config.loginMaxFailures);
  if (delay > 0) await ctx.clock.sleep(delay);
  const valid = await ctx.passwords.verify(password, user.passwordHash);
  if (valid) await deleteLoginFailure(ctx.db, attempt.id);
  return valid;
}

/** Guessing one account from many addresses gets slower with every failure, but never stops the owner. */
export function accountDelayMs(accountFailures: number, maxFailures: number): number {
  if (accountFailures < maxFailures) return 0;
  return Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** (accountFailures - maxFailures), ACCOUNT_DELAY_MAX_MS);
}

/**
 * Checks a username and password. Failures are rows in the database, so every server process
 * sees the same counts; a successful attempt takes its provisional failure back.
 */
export async function checkCredentials(
  ctx: AppContext,
  username: string,
  password: string,
  ip: string,
): Promise<LoginUser> {
  const key = username.toLowerCase();
  const attempt = await reserveAttempt(ctx, key, ip, ctx.clock.now());
  const delay = accountDelayMs(attempt.accountFailures, ctx.config.loginMaxFailures);
  if (delay > 0) await ctx.clock.sleep(delay);

  const user = await findUser(ctx.db, { username: key });
  const usable = user && !user.disabledAt ? user : undefined;
  // Verify even for an unknown user, so the answer's timing does not tell which usernames exist.
  const valid = await ctx.passwords.verify(
    password,
    usable?.passwordHash ?? (await ctx.passwords.dummyHash()),
  );
  if (!usable || !valid) throw unauthorized("Invalid username or password");
  await deleteLoginFailure(ctx.db, attempt.id);
  return {
    id: usable.id,
    username: usable.username,
    role: usable.role,
    mustChangePassword: usable.mustChangePassword,
  };
}
