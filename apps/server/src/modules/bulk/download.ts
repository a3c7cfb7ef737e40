import { once } from "node:events";
import type { Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { BulkSelection } from "@quire/contracts";
import { Zip, ZipPassThrough } from "fflate";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { badRequest, notFound } from "../../lib/errors";
import { canSeeDocument, readableVersion } from "../../policies/access";
import { loadAccessFacts, withGroups } from "../../policies/facts";
import type { Actor } from "../../policies/policy";
import { READ_ACTIONS, recordRead } from "../activity/reads";
import { findVersion } from "../documents/version-repository";
import { BULK_CHUNK, resolveSelection } from "./service";

/**
 * The most original bytes one zip carries: a plain zip (no ZIP64) holds at most 4 GiB, and a
 * download this large is better split so a dropped connection does not cost it all.
 */
export const MAX_ZIP_BYTES = 2 * 1024 ** 3;

/** One original going into the zip: the version the person may read, under a name unique in the zip. */
export interface ZipEntry {
  documentId: string;
  version: number;
  sha256: string;
  name: string;
  size: number;
  createdAt: Date;
}

/** The originals of a selection the actor may read (the rest are counted, never named). */
export interface ZipPlan {
  entries: ZipEntry[];
  refused: number;
}

/**
 * What a zip of the selection holds: for each document the actor can see, the original of the
 * version they may read (as GET …/versions/:n/original would give it). Unseen documents are left
 * out and counted. Nothing is read from the blob store yet.
 */
export async function planZip(ctx: AppContext, requester: Actor, selection: BulkSelection): Promise<ZipPlan> {
  const actor = await withGroups(ctx.db, requester);
  const ids = await resolveSelection(ctx, actor, selection);
  const entries: ZipEntry[] = [];
  const names = new UniqueNames();
  let refused = 0;
  let bytes = 0;
  for (let start = 0; start < ids.length; start += BULK_CHUNK) {
    if (start > 0) await nextTurn();
    for (const documentId of ids.slice(start, start + BULK_CHUNK)) {
      const facts = await loadAccessFacts(ctx.db, documentId);
      const found =
        facts && canSeeDocument(actor, facts)
          ? await findVersion(ctx.db, documentId, readableVersion(actor, facts))
          : null;
      if (!found) {
        refused++;
        continue;
      }
      bytes += found.version.size;
      entries.push({
        documentId,
        version: found.version.version,
        sha256: found.sha256,
        name: names.take(found.version.originalFilename),
        size: found.version.size,
        createdAt: found.version.createdAt,
      });
    }
  }
  if (entries.length === 0) throw notFound("Document");
  if (bytes > MAX_ZIP_BYTES)
    throw badRequest(
      `These originals come to ${Math.ceil(bytes / 1024 ** 2).toLocaleString("en-US")} MB; one download carries at most ${MAX_ZIP_BYTES / 1024 ** 3} GB. Select fewer documents.`,
    );
  return { entries, refused };
}

/**
 * Streams the zip into `out`, one original at a time (stored, not compressed again: PDFs and
 * office files are compressed already), waiting whenever the client reads slower than we write.
 * Each original written is the person's "Downloaded original", as a single download would be.
 */
export async function writeZip(
  ctx: AppContext,
  actor: Actor,
  entries: readonly ZipEntry[],
  out: Writable,
  signal: AbortSignal,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<void> {
  let failed: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failed = error;
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  for (const entry of entries) {
    if (signal.aborted) return;
    if (failed) throw failed;
    const bytes = await ctx.blobs.get(entry.sha256);
    const file = new ZipPassThrough(entry.name);
    file.mtime = entry.createdAt;
    zip.add(file);
    file.push(bytes, true);
    await recordRead(
      ctx,
      actor,
      {
        action: READ_ACTIONS.downloadedOriginal,
        documentId: entry.documentId,
        data: { version: entry.version },
      },
      log,
    );
    if (out.writableNeedDrain) await once(out, "drain", { signal });
  }
  if (failed) throw failed;
  zip.end();
}

/** Names inside the zip: the original file names, made safe and unique ("report (2).pdf"). */
class UniqueNames {
  private readonly used = new Set<string>();

  take(filename: string): string {
    // No folders, no control characters: a zip entry is one file at the top level.
    const safe =
      [...filename]
        .map((c) =>
          c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(c) ? "_" : c,
        )
        .join("")
        .replace(/^\.+/, "_") || "original";
    const dot = safe.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
    let name = safe;
    for (let n = 2; this.used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    this.used.add(name.toLowerCase());
    return name;
  }
}
