import {
  INGESTION_LIST_LIMIT,
  ingestionStates,
  type FolderStatus,
  type IngestionOverview,
  type IngestionState,
} from "@quire/contracts";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../lib/errors";
import type { Actor } from "../../policies/policy";
import { withTransaction } from "../activity/command";
import type { Database } from "../../db/client";
import type { RecordActivity } from "../activity/command";
import { ingestFileJob } from "./ingest-job";
import { findAccount } from "./mail-accounts";
import { retryMailMessage } from "./mail-ingest";
import { queuePoll } from "./mail-poll";
import type { IngestionItemRow } from "./repository";
import { presentItem } from "./presenter";
import { countItemsByState, listItems, lockItem, readSource, updateItem } from "./repository";
import { FOLDER_SOURCE, parseFolderStatus } from "./scan";

/** The folder card: the configuration and what the last scan saw (never the files' contents). */
async function folderStatus(ctx: AppContext): Promise<FolderStatus | null> {
  const consume = ctx.config.consume;
  if (!consume) return null;
  const row = await readSource(ctx.db, FOLDER_SOURCE);
  const status = parseFolderStatus(row?.status);
  return {
    path: consume.dir,
    owner: consume.owner ?? null,
    settleSeconds: consume.settleSeconds,
    scanSeconds: consume.scanSeconds,
    lastScanAt: row?.lastScanAt?.toISOString() ?? null,
    waiting: status.waiting,
    skipped: status.skipped,
    error: status.error,
  };
}

/** Settings › Ingestion: the folder and the newest items, with how many are in each state. */
export async function ingestionOverview(ctx: AppContext): Promise<IngestionOverview> {
  const [folder, rows, counted] = [
    await folderStatus(ctx),
    await listItems(ctx.db, INGESTION_LIST_LIMIT),
    await countItemsByState(ctx.db),
  ];
  const counts = Object.fromEntries(ingestionStates.map((s) => [s, 0])) as Record<IngestionState, number>;
  for (const { state, n } of counted) if (state in counts) counts[state as IngestionState] = n;
  return { folder, items: rows.map(presentItem), counts };
}

/**
 * A failed file is taken again from failed/ (with whatever fixed it: an owner configured, a
 * category renamed, a conversion that timed out under load). Anything else is refused with 409.
 */
export async function retryItem(ctx: AppContext, admin: Actor, id: string): Promise<void> {
  await withTransaction(ctx, admin, async (tx, record) => {
    const item = await lockItem(tx, id);
    if (!item) throw notFound("Ingestion item");
    if (item.source === "mail") return retryMail(tx, item, record, ctx.clock.now());
    if (item.state !== "failed" || !item.location)
      throw conflict(
        item.state === "failed"
          ? "The file is no longer in the folder: save it there again"
          : `This file is ${item.state}; only a failed file can be retried`,
      );
    const now = ctx.clock.now();
    const attempts = item.attempts + 1;
    await updateItem(tx, id, { state: "queued", reason: null, destination: null, attempts }, now);
    await ingestFileJob.enqueue(
      tx,
      { itemId: id },
      { runAt: now, dedupeKey: `ingest-file:${id}:${attempts}` },
    );
    await record({
      action: "Retried ingestion",
      subjectType: "ingestion",
      subjectId: id,
      data: { name: item.name, source: item.source },
    });
  });
  ctx.notifyJobs();
}

/** A failed mail item: its message is taken again at a poll queued now (the mailbox still holds it). */
async function retryMail(
  tx: Database,
  item: IngestionItemRow,
  record: RecordActivity,
  now: Date,
): Promise<void> {
  const [, accountId] = (item.path ?? "").split(":");
  const account = accountId ? await findAccount(tx, accountId) : undefined;
  if (item.state !== "failed" || !item.path || !account || !(await retryMailMessage(tx, item.path, now)))
    throw conflict(
      item.state === "failed"
        ? "The mail account this message came from is gone"
        : `This message is ${item.state}; only a failed one can be retried`,
    );
  await queuePoll(tx, account, now);
  await record({
    action: "Retried ingestion",
    subjectType: "ingestion",
    subjectId: item.id,
    data: { name: item.name, source: item.source },
  });
}
