import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { Actor } from "../../policies/policy";
import { appendReadOnce, type ReadInput } from "./repository";

/** The reads an auditor asks about, as the trail names them. */
export const READ_ACTIONS = {
  viewed: "Viewed",
  viewedOriginal: "Viewed original",
  downloadedOriginal: "Downloaded original",
  /** A version's text as a Word file (its original when that is one). */
  downloadedWord: "Downloaded as Word",
  exportedSummary: "Exported summary",
} as const;

/**
 * Records that `actor` read a document they were allowed to read (call it after the check).
 * One statement outside any transaction, coalesced with the same read in the last ten minutes
 * (repository's READ_COALESCE_MS). A failure is logged and swallowed: the trail must never
 * cost a person the document they may read.
 */
export async function recordRead(
  ctx: Pick<AppContext, "db" | "clock">,
  actor: Actor,
  entry: ReadInput,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<void> {
  try {
    await appendReadOnce(ctx.db, entry, { userId: actor.id, ip: actor.ip ?? null, at: ctx.clock.now() });
  } catch (error) {
    log.warn({ err: error, documentId: entry.documentId, action: entry.action }, "audit read not recorded");
  }
}
