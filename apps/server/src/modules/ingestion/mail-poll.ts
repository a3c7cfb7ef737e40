import type { MailDryRun } from "@quire/contracts";
import { eq, lte } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { mailAccounts } from "../../db/schema";
import { HttpError } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import { defineJob } from "../../jobs/define";
import { defineSchedule } from "../../jobs/schedule";
import {
  afterImportOf,
  findAccount,
  recordPoll,
  requireAccount,
  rulesOf,
  serverOf,
  type MailAccountRow,
} from "./mail-accounts";
import { describeImapError, openMailbox, type ListedMessage, type OpenMailbox } from "./mail-imap";
import {
  commitMessage,
  findMessage,
  needsTaking,
  recordActed,
  sha256Hex,
  type MessageOutcome,
} from "./mail-ingest";
import { MAX_MESSAGE_BYTES, messageKeyOf, planMessage, readMessage, refusalBeforeReading } from "./mail-plan";

/**
 * Polling: a tick every few seconds queues a poll for each account that is due (one job per
 * account, deduplicated while queued or running, so one poll per account across processes); each
 * poll reads the messages it has not decided yet, commits what they become, then marks or moves them.
 */

/** Messages looked at per poll (their Message-ID, size and structure), and read per poll. */
const MAX_LISTED = 2_000;
const MAX_READ_PER_POLL = 25;
/** How often due accounts are looked for. */
export const MAIL_TICK_SECONDS = 15;

/** The key, the refusal or the plan for one listed message: the dry-run and the poll share it. */
async function examine(
  mailbox: OpenMailbox,
  account: MailAccountRow,
  message: ListedMessage,
): Promise<MessageOutcome | null> {
  const base = { uidValidity: mailbox.uidValidity, uid: message.uid, subject: message.subject };
  const early = refusalBeforeReading(message.size, message.structure);
  if (early) {
    const key = message.messageId
      ? `id:${message.messageId}`
      : `uid-refused:${mailbox.uidValidity}:${message.uid}`;
    return { ...base, key, refused: early, rawSha256: sha256Hex(Buffer.from(key)), plan: null, to: [] };
  }
  const raw = await mailbox.read(message.uid, MAX_MESSAGE_BYTES);
  if (!raw) return null;
  // The envelope's Message-ID when there is one, so a known message is recognised without reading it.
  const key = message.messageId ? `id:${message.messageId}` : messageKeyOf(null, raw);
  const rawSha256 = sha256Hex(raw);
  try {
    const facts = await readMessage(raw);
    const plan = planMessage(rulesOf(account), facts);
    return { ...base, key, refused: null, rawSha256, plan, to: facts.to };
  } catch (error) {
    const reason = `The message cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    return { ...base, key, refused: reason, rawSha256, plan: null, to: [] };
  }
}

async function act(ctx: AppContext, mailbox: OpenMailbox, account: MailAccountRow, uid: number, key: string) {
  await mailbox.act(uid, afterImportOf(account), account.moveTo);
  await recordActed(ctx, account.id, key);
}

/** One poll of one account. A mailbox that cannot be read is the account's error, shown in Settings. */
export async function pollAccount(ctx: AppContext, accountId: string): Promise<{ taken: number }> {
  const account = await findAccount(ctx.db, accountId);
  if (!account) return { taken: 0 };
  let mailbox: OpenMailbox;
  try {
    mailbox = await openMailbox(serverOf(ctx, account));
  } catch (error) {
    await recordPoll(ctx.db, account.id, { error: describeImapError(error) }, ctx.clock.now());
    return { taken: 0 };
  }
  let taken = 0;
  try {
    const unreadOnly = afterImportOf(account) === "seen";
    let read = 0;
    for (const message of await mailbox.list({ unreadOnly, limit: MAX_LISTED })) {
      const knownKey = message.messageId ? `id:${message.messageId}` : null;
      const known = knownKey ? await findMessage(ctx.db, account.id, knownKey) : undefined;
      if (known && !needsTaking(known, account)) {
        // Committed before, and not yet marked or moved (a crash came between): only that is left.
        if (known.state === "done") await act(ctx, mailbox, account, message.uid, known.messageKey);
        continue;
      }
      if (read >= MAX_READ_PER_POLL) break;
      read++;
      const outcome = await examine(mailbox, account, message);
      if (!outcome) continue;
      if (!knownKey) {
        const byHash = await findMessage(ctx.db, account.id, outcome.key);
        if (byHash && !needsTaking(byHash, account)) {
          if (byHash.state === "done") await act(ctx, mailbox, account, message.uid, byHash.messageKey);
          continue;
        }
      }
      if (await commitMessage(ctx, account, outcome)) {
        taken++;
        await act(ctx, mailbox, account, message.uid, outcome.key);
      }
    }
    await recordPoll(ctx.db, account.id, { error: null, uidValidity: mailbox.uidValidity }, ctx.clock.now());
  } catch (error) {
    await recordPoll(ctx.db, account.id, { error: describeImapError(error) }, ctx.clock.now());
  } finally {
    await mailbox.close();
  }
  return { taken };
}

export const pollMailJob = defineJob({
  kind: "poll-mail",
  payload: z.object({ accountId: z.string().min(1) }),
  // A poll reports a mailbox it cannot read on the account, so an attempt ends early only when
  // its process dies: the poll then runs again (what it committed stays, and is not taken twice).
  maxAttempts: 3,
  async run(ctx, { accountId }) {
    await pollAccount(ctx, accountId);
  },
});

/** Queues the poll of one account now (deduplicated: a poll already queued or running is enough). */
export async function queuePoll(
  db: Database,
  account: Pick<MailAccountRow, "id" | "pollSeconds">,
  now: Date,
) {
  await pollMailJob.enqueue(
    db,
    { accountId: account.id },
    { runAt: now, dedupeKey: `poll-mail:${account.id}` },
  );
  await db
    .update(mailAccounts)
    .set({ nextPollAt: new Date(now.getTime() + account.pollSeconds * 1000) })
    .where(eq(mailAccounts.id, account.id));
}

/** Every account whose time has come gets its poll; SKIP LOCKED lets ticks in two processes share them out. */
export async function queueDuePolls(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailAccounts.id, pollSeconds: mailAccounts.pollSeconds })
      .from(mailAccounts)
      .where(lte(mailAccounts.nextPollAt, now))
      .for("update", { skipLocked: true });
    for (const account of due) await queuePoll(tx, account, now);
    return due.length;
  });
  if (queued > 0) ctx.notifyJobs();
  return queued;
}

export const mailTickJob = defineJob({
  kind: "mail-tick",
  payload: z.object({}),
  maxAttempts: 1,
  async run(ctx) {
    await queueDuePolls(ctx);
  },
});

export const mailTickSchedule = defineSchedule({
  name: "mail-tick",
  rule: { everySeconds: MAIL_TICK_SECONDS },
  job: mailTickJob,
  payload: {},
});

/** "Poll now" in Settings: the account's poll is queued at once. */
export async function pollNow(ctx: AppContext, admin: Actor, accountId: string): Promise<void> {
  await withTransaction(ctx, admin, async (tx, record) => {
    const account = await requireAccount(tx, accountId);
    await queuePoll(tx, account, ctx.clock.now());
    await record({
      action: "Polled mail account",
      subjectType: "ingestion",
      subjectId: account.id,
      data: { name: account.name },
    });
  });
  ctx.notifyJobs();
}

async function withMailbox<T>(ctx: AppContext, account: MailAccountRow, use: (m: OpenMailbox) => Promise<T>) {
  let mailbox: OpenMailbox;
  try {
    mailbox = await openMailbox(serverOf(ctx, account));
  } catch (error) {
    throw new HttpError(502, `The mailbox cannot be read: ${describeImapError(error)}`);
  }
  try {
    return await use(mailbox);
  } finally {
    await mailbox.close();
  }
}

/** The newest messages of the mailbox, to pick one for the dry-run. */
export async function recentMessages(ctx: AppContext, accountId: string, limit = 20) {
  const account = await requireAccount(ctx.db, accountId);
  return withMailbox(ctx, account, async (mailbox) =>
    (await mailbox.recent(limit)).map((m) => ({
      uid: m.uid,
      subject: m.subject,
      from: m.from,
      date: m.date?.toISOString() ?? null,
    })),
  );
}

/** What polling would make of one message, decided exactly as the poll decides it; nothing is written. */
export async function dryRun(ctx: AppContext, accountId: string, uid: number): Promise<MailDryRun> {
  const account = await requireAccount(ctx.db, accountId);
  return withMailbox(ctx, account, async (mailbox) => {
    const message = await mailbox.find(uid);
    if (!message) throw new HttpError(404, "That message is no longer in the mailbox");
    const outcome = await examine(mailbox, account, message);
    if (!outcome) throw new HttpError(404, "That message is no longer in the mailbox");
    const known = await findMessage(ctx.db, account.id, outcome.key);
    const plan = outcome.plan;
    return {
      message: {
        uid,
        subject: message.subject,
        from: message.from,
        to: outcome.to.join(", "),
        messageId: message.messageId,
      },
      ruleNumber: plan?.ruleNumber ?? null,
      documents: (plan?.documents ?? []).map(({ bytes: _bytes, sha256: _sha, ...doc }) => doc),
      skipped: plan?.skipped ?? [],
      refused: outcome.refused,
      alreadyTaken: Boolean(known && !needsTaking(known, account)),
    };
  });
}
