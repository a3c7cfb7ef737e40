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
 * Runs one password check as a counted attempt: reserved as a failure first (reserveAttempt), slowed
 * once the account piles up failures, and taken back when `check` succeeds (answers non-null).
 */
async function countedAttempt<T>(
  ctx: AppContext,
  username: string,
  ip: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const attempt = await reserveAttempt(ctx, username.toLowerCase(), ip, ctx.clock.now());
  const delay = accountDelayMs(attempt.accountFailures, ctx.config.loginMaxFailures);
  if (delay > 0) await ctx.clock.sleep(delay);
  const result = await check();
  if (result !== null) await deleteLoginFailure(ctx.db, attempt.id);
  return result;
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
  const valid = await countedAttempt(ctx, user.username, ip, async () =>
    (await ctx.passwords.verify(password, user.passwordHash)) ? true : null,
  );
  return valid === true;
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
  const user = await countedAttempt(ctx, username, ip, async () => {
    const found = await findUser(ctx.db, { username: username.toLowerCase() });
    const usable = found && !found.disabledAt ? found : undefined;
    // Verify even for an unknown user, so the answer's timing does not tell which usernames exist.
    const valid = await ctx.passwords.verify(
      password,
      usable?.passwordHash ?? (await ctx.passwords.dummyHash()),
    );
    return usable && valid ? usable : null;
  });
  if (!user) throw unauthorized("Invalid username or password");
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
  };
}
