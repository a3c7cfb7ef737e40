import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { ingestionItems, mailMessages } from "../../db/schema";
import { HttpError } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { SYSTEM_ACTOR, withTransaction, type RecordActivity } from "../activity/command";
import { createDocument } from "../documents/create-document";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  validateFile,
  type ValidatedFile,
} from "../documents/upload";
import { categoryResolver, resolveOwner } from "./intake";
import type { MailAccountRow } from "./mail-accounts";
import type { MessagePlan, PlannedDocument } from "./mail-plan";
import { documentWithOriginal, lockContents } from "./repository";

/**
 * A message's outcome, committed at once: its row (keyed by Message-ID, else its contents' hash),
 * one item per document it becomes (keyed by the message and the document's sha256), and the
 * documents. Only after this commits is the message marked or moved, so a crash anywhere leaves
 * either nothing (the next poll takes it) or everything (the next poll only marks it).
 */

export type MailMessageRow = typeof mailMessages.$inferSelect;

/** What was found about one message, ready to commit. */
export interface MessageOutcome {
  key: string;
  uidValidity: number;
  uid: number;
  subject: string;
  /** Refused as a whole (too large, too deep, unreadable), with why. */
  refused: string | null;
  /** The raw message's hash, naming the refused message's item. */
  rawSha256: string;
  plan: MessagePlan | null;
  /** The recipients (To and Cc), as the dry-run shows them. */
  to: string[];
}

type Converted = { doc: PlannedDocument; file: ValidatedFile } | { doc: PlannedDocument; refused: string };

interface Target {
  owner: Actor;
  categoryId: string;
}

export async function findMessage(
  db: Database,
  accountId: string,
  key: string,
): Promise<MailMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageKey, key)))
    .limit(1);
  return row;
}

/** Whether a known message is to be taken (again): never, unless retried or the rules changed since it matched none. */
export function needsTaking(row: MailMessageRow | undefined, account: MailAccountRow): boolean {
  if (!row) return true;
  if (row.state === "retry") return true;
  return row.state === "unmatched" && row.rulesAt.getTime() < account.updatedAt.getTime();
}

export const itemPath = (accountId: string, key: string) => `mail:${accountId}:${key}`;

/** Conversion happens before the transaction, as an upload's does; a refusal is the attachment's own failure. */
async function convert(ctx: AppContext, doc: PlannedDocument): Promise<Converted> {
  if (doc.bytes.length > MAX_UPLOAD_BYTES) return { doc, refused: `413 ${FILE_TOO_LARGE_MESSAGE}` };
  try {
    return { doc, file: await validateFile(ctx.converter, doc.bytes, doc.filename) };
  } catch (error) {
    if (error instanceof HttpError) return { doc, refused: `${error.statusCode} ${error.message}` };
    throw error;
  }
}

async function targetOf(ctx: AppContext, doc: PlannedDocument): Promise<Target | { refused: string }> {
  try {
    const owner = await resolveOwner(ctx, doc.owner || undefined);
    const categoryId = await categoryResolver(ctx, [], "Created by mail ingestion")(doc.category);
    return { owner, categoryId };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

const itemName = (subject: string, filename: string | null) =>
  filename ? `${subject || "(no subject)"} › ${filename}` : subject || "(no subject)";

async function addItem(
  tx: Database,
  record: RecordActivity,
  item: {
    path: string;
    name: string;
    sha256: string;
    size: number;
    state: "done" | "duplicate" | "failed";
    reason: string | null;
    documentId: string | null;
  },
  now: Date,
): Promise<void> {
  const [row] = await tx
    .insert(ingestionItems)
    .values({ source: "mail", ...item, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: ingestionItems.id });
  if (!row || item.state === "done") return;
  await record({
    action: item.state === "failed" ? "Ingestion failed" : "Skipped duplicate",
    subjectType: "ingestion",
    subjectId: row.id,
    comment: item.reason,
    data: { name: item.name, source: "mail" },
  });
}

/** Takes the message's row for this decision; false when another poll already decided it. */
async function claimMessage(
  tx: Database,
  account: MailAccountRow,
  outcome: MessageOutcome,
  state: string,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const [existing] = await tx
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.accountId, account.id), eq(mailMessages.messageKey, outcome.key)))
    .for("update")
    .limit(1);
  const values = {
    uidValidity: outcome.uidValidity,
    uid: outcome.uid,
    subject: outcome.subject,
    state,
    reason,
    rulesAt: account.updatedAt,
    actedAt: null,
    updatedAt: now,
  };
  if (existing) {
    if (!needsTaking(existing, account)) return false;
    await tx.update(mailMessages).set(values).where(eq(mailMessages.id, existing.id));
    return true;
  }
  const inserted = await tx
    .insert(mailMessages)
    .values({ accountId: account.id, messageKey: outcome.key, ...values, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: mailMessages.id });
  return inserted.length > 0;
}

/** The state a message ends in: failed when nothing it held could be taken. */
function messageState(
  outcome: MessageOutcome,
  converted: Converted[],
): { state: string; reason: string | null } {
  if (outcome.refused) return { state: "failed", reason: outcome.refused };
  if (!outcome.plan?.rule) return { state: "unmatched", reason: "No rule matches this message" };
  if (converted.length === 0)
    return {
      state: "done",
      reason: "Nothing to take: no attachment Quire takes, and the rule leaves the text",
    };
  if (converted.every((c) => "refused" in c))
    return { state: "failed", reason: "No attachment could be taken" };
  return { state: "done", reason: null };
}

/**
 * Commits what a message becomes. Answers true when the message is now done (to be marked or
 * moved), false when it failed, matched no rule, or was decided by another poll.
 */
export async function commitMessage(
  ctx: AppContext,
  account: MailAccountRow,
  outcome: MessageOutcome,
): Promise<boolean> {
  const converted: Converted[] = [];
  const targets = new Map<PlannedDocument, Target | { refused: string }>();
  if (!outcome.refused)
    for (const doc of outcome.plan?.documents ?? []) {
      converted.push(await convert(ctx, doc));
      targets.set(doc, await targetOf(ctx, doc));
    }
  const { state, reason } = messageState(outcome, converted);
  const path = itemPath(account.id, outcome.key);
  let created = 0;
  const done = await withTransaction(ctx, SYSTEM_ACTOR, async (tx, record) => {
    const now = ctx.clock.now();
    if (!(await claimMessage(tx, account, outcome, state, reason, now))) return false;
    if (outcome.refused) {
      const item = { path, name: itemName(outcome.subject, null), sha256: outcome.rawSha256, size: 0 };
      await addItem(tx, record, { ...item, state: "failed", reason: outcome.refused, documentId: null }, now);
      return false;
    }
    for (const entry of converted) {
      const { doc } = entry;
      const base = {
        path,
        name: itemName(outcome.subject, doc.filename),
        sha256: doc.sha256,
        size: doc.bytes.length,
      };
      const target = targets.get(doc);
      const refused =
        "refused" in entry ? entry.refused : target && "refused" in target ? target.refused : null;
      if (refused !== null || !target || "refused" in target || !("file" in entry)) {
        await addItem(tx, record, { ...base, state: "failed", reason: refused, documentId: null }, now);
        continue;
      }
      await lockContents(tx, doc.sha256);
      const existing = await documentWithOriginal(tx, doc.sha256);
      if (existing) {
        const why = `Already in the archive as "${existing.title}" (${existing.id})`;
        await addItem(tx, record, { ...base, state: "duplicate", reason: why, documentId: existing.id }, now);
        continue;
      }
      const documentId = await createDocument(
        ctx,
        target.owner,
        {
          title: doc.title,
          categoryId: target.categoryId,
          tags: doc.tags,
          file: entry.file,
          recordAs: SYSTEM_ACTOR,
          source: "mail",
        },
        tx,
      );
      created++;
      await addItem(tx, record, { ...base, state: "done", reason: null, documentId }, now);
    }
    return state === "done";
  });
  if (created > 0) ctx.notifyJobs();
  return done;
}

/** The message was marked or moved as the account says. */
export async function recordActed(ctx: AppContext, accountId: string, key: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db
    .update(mailMessages)
    .set({ actedAt: now, updatedAt: now })
    .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageKey, key)));
}

/**
 * A failed mail item is taken again at the next poll: its message is marked for retry and its
 * failed items cleared (items already done stay, and their documents are not made twice).
 */
export async function retryMailMessage(tx: Database, path: string, now: Date): Promise<boolean> {
  const [, accountId, ...rest] = path.split(":");
  const key = rest.join(":");
  if (!accountId || !key) return false;
  const updated = await tx
    .update(mailMessages)
    .set({ state: "retry", updatedAt: now })
    .where(and(eq(mailMessages.accountId, accountId), eq(mailMessages.messageKey, key)))
    .returning({ id: mailMessages.id });
  if (updated.length === 0) return false;
  await tx
    .delete(ingestionItems)
    .where(
      and(
        eq(ingestionItems.source, "mail"),
        eq(ingestionItems.path, path),
        inArray(ingestionItems.state, ["failed"]),
      ),
    );
  return true;
}

export const sha256Hex = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
