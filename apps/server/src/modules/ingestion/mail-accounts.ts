import {
  mailRuleSchema,
  type MailAccount,
  type MailAccountCreate,
  type MailAccountUpdate,
  type MailAfterImport,
  type MailRule,
} from "@quire/contracts";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { mailAccounts } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { loadOrCreateSealingKey, seal, unseal } from "../../lib/sealed";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import type { MailServer } from "./mail-imap";

/** Mail accounts (Settings › Ingestion): kept with their password sealed, shown without it. */

export type MailAccountRow = typeof mailAccounts.$inferSelect;

const keys = new Map<string, Buffer>();
function sealingKey(ctx: AppContext): Buffer {
  const dir = ctx.config.dataDir;
  let key = keys.get(dir);
  if (!key) {
    key = loadOrCreateSealingKey(dir);
    keys.set(dir, key);
  }
  return key;
}

/** The rules as stored; a rule this version cannot read is dropped rather than guessed at. */
export function rulesOf(row: MailAccountRow): MailRule[] {
  const parsed = z.array(z.unknown()).safeParse(row.rules);
  if (!parsed.success) return [];
  return parsed.data.flatMap((rule) => {
    const one = mailRuleSchema.safeParse(rule);
    return one.success ? [one.data] : [];
  });
}

export function afterImportOf(row: MailAccountRow): MailAfterImport {
  return row.afterImport === "move" ? "move" : "seen";
}

export function presentAccount(row: MailAccountRow): MailAccount {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    mailbox: row.mailbox,
    pollSeconds: row.pollSeconds,
    afterImport: afterImportOf(row),
    moveTo: row.moveTo,
    rules: rulesOf(row),
    lastPollAt: row.lastPollAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How to reach the account's mailbox, with its password unsealed (never leaves the server). */
export function serverOf(ctx: AppContext, row: MailAccountRow): MailServer {
  return {
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    password: unseal(sealingKey(ctx), row.passwordSealed),
    mailbox: row.mailbox,
  };
}

export async function findAccount(db: Database, id: string): Promise<MailAccountRow | undefined> {
  const [row] = await db.select().from(mailAccounts).where(eq(mailAccounts.id, id)).limit(1);
  return row;
}

export async function requireAccount(db: Database, id: string): Promise<MailAccountRow> {
  const row = await findAccount(db, id);
  if (!row) throw notFound("Mail account");
  return row;
}

export async function listAccounts(ctx: AppContext): Promise<MailAccount[]> {
  const rows = await ctx.db
    .select()
    .from(mailAccounts)
    .orderBy(asc(mailAccounts.createdAt), asc(mailAccounts.id));
  return rows.map(presentAccount);
}

type Settings = Omit<MailAccountUpdate, "password">;

function columnsOf(input: Settings) {
  return {
    name: input.name,
    host: input.host,
    port: input.port,
    tls: input.tls,
    username: input.username,
    mailbox: input.mailbox,
    pollSeconds: input.pollSeconds,
    afterImport: input.afterImport,
    moveTo: input.afterImport === "move" ? input.moveTo : "",
    rules: input.rules,
  };
}

/** What the activity entry says of an account: never its password. */
const described = (input: Settings) => ({
  name: input.name,
  host: input.host,
  mailbox: input.mailbox,
  rules: input.rules.length,
});

export async function createAccount(
  ctx: AppContext,
  admin: Actor,
  input: MailAccountCreate,
): Promise<MailAccount> {
  const sealed = seal(sealingKey(ctx), input.password);
  const row = await withTransaction(ctx, admin, async (tx, record) => {
    const now = ctx.clock.now();
    const [inserted] = await tx
      .insert(mailAccounts)
      .values({
        ...columnsOf(input),
        passwordSealed: sealed,
        nextPollAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inserted) throw new Error("the account was not stored");
    await record({
      action: "Added mail account",
      subjectType: "ingestion",
      subjectId: inserted.id,
      data: described(input),
    });
    return inserted;
  });
  ctx.notifyJobs();
  return presentAccount(row);
}

export async function updateAccount(
  ctx: AppContext,
  admin: Actor,
  id: string,
  input: MailAccountUpdate,
): Promise<MailAccount> {
  const sealed = input.password ? seal(sealingKey(ctx), input.password) : null;
  const row = await withTransaction(ctx, admin, async (tx, record) => {
    await requireAccount(tx, id);
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(mailAccounts)
      .set({
        ...columnsOf(input),
        ...(sealed ? { passwordSealed: sealed } : {}),
        nextPollAt: now,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(mailAccounts.id, id))
      .returning();
    if (!updated) throw notFound("Mail account");
    await record({
      action: "Changed mail account",
      subjectType: "ingestion",
      subjectId: id,
      data: { ...described(input), passwordChanged: sealed !== null },
    });
    return updated;
  });
  ctx.notifyJobs();
  return presentAccount(row);
}

/** The account goes; what it brought in stays (its documents and their items). */
export async function deleteAccount(ctx: AppContext, admin: Actor, id: string): Promise<void> {
  await withTransaction(ctx, admin, async (tx, record) => {
    const row = await requireAccount(tx, id);
    await tx.delete(mailAccounts).where(eq(mailAccounts.id, id));
    await record({
      action: "Removed mail account",
      subjectType: "ingestion",
      subjectId: id,
      data: { name: row.name, host: row.host },
    });
  });
}

/** Records a poll's outcome on the account (bookkeeping, no entry: the items carry the story). */
export async function recordPoll(
  db: Database,
  id: string,
  outcome: { error: string | null; uidValidity?: number },
  now: Date,
): Promise<void> {
  await db
    .update(mailAccounts)
    .set({
      lastPollAt: now,
      lastError: outcome.error,
      ...(outcome.uidValidity !== undefined ? { uidValidity: outcome.uidValidity } : {}),
    })
    .where(eq(mailAccounts.id, id));
}
