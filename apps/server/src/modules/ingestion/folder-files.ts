import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { lstat, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isIgnoredFolderEntry, type FolderFile } from "@quire/contracts";

/**
 * The watched folder on disk: what a scan sees, and where a taken file goes. Paths in the database
 * are relative to the folder with forward slashes; only this file turns them into real paths.
 */

/** Where taken files go, inside the folder; a scan never looks in them (nor may categories bear their names). */
export const PROCESSED_DIR = "processed";
export const FAILED_DIR = "failed";
const RESERVED = new Set([PROCESSED_DIR, FAILED_DIR]);

/** A scan looks at this many files at most; the rest wait for the next one. */
export const MAX_FILES_PER_SCAN = 10_000;
/** Skipped files listed at most (the card names them; the count stays right). */
export const MAX_LISTED = 50;

export interface SeenFile {
  /** Relative to the folder, with forward slashes. */
  path: string;
  size: number;
  /** stat's mtimeMs as text, so fractions survive the database. */
  mtime: string;
}

export interface FolderListing {
  files: SeenFile[];
  /** Entries never taken, and why. */
  skipped: FolderFile[];
}

export function absolutePath(root: string, relative: string): string {
  const resolved = path.resolve(root, ...relative.split("/"));
  // Paths come from the database; one that leaves the folder is refused rather than followed.
  if (resolved !== root && !resolved.startsWith(root + path.sep))
    throw new Error(`outside the folder: ${relative}`);
  return resolved;
}

function skippedReason(name: string): string {
  if (name.startsWith(".")) return "Hidden file: never taken";
  return "Temporary name (.tmp, .part or ~): taken once renamed";
}

/**
 * Every regular file under the folder except hidden and temporary ones and the processed/ and
 * failed/ folders, by readdir and lstat (inotify says nothing on network shares). Symbolic links
 * are not followed: a link could reach any file the server may read.
 */
export async function listFolder(root: string): Promise<FolderListing> {
  const files: SeenFile[] = [];
  const skipped: FolderFile[] = [];
  const visit = async (dir: string, parts: string[]): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (files.length >= MAX_FILES_PER_SCAN) return;
      const relative = [...parts, entry.name].join("/");
      if (parts.length === 0 && RESERVED.has(entry.name) && entry.isDirectory()) continue;
      if (isIgnoredFolderEntry(entry.name)) {
        // Hidden folders (.git, .Trash) are passed over without a word; hidden files are named.
        if (!entry.isDirectory())
          skipped.push({ name: relative, size: 0, reason: skippedReason(entry.name) });
        continue;
      }
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await visit(absolute, [...parts, entry.name]);
      } else if (entry.isSymbolicLink()) {
        skipped.push({ name: relative, size: 0, reason: "Symbolic link: not followed" });
      } else if (entry.isFile()) {
        const info = await lstat(absolute).catch(() => null);
        if (info?.isFile()) files.push({ path: relative, size: info.size, mtime: String(info.mtimeMs) });
      }
    }
  };
  await visit(root, []);
  return { files, skipped };
}

/** The file as it is now, or null when it is gone. */
export async function statFile(root: string, relative: string): Promise<SeenFile | null> {
  const info = await lstat(absolutePath(root, relative)).catch(() => null);
  if (!info?.isFile()) return null;
  return { path: relative, size: info.size, mtime: String(info.mtimeMs) };
}

/** The contents' sha256, streamed: a large file is never held whole to be refused. */
export async function hashFile(root: string, relative: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(absolutePath(root, relative))) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function exists(absolute: string): Promise<boolean> {
  return (await lstat(absolute).catch(() => null)) !== null;
}

/**
 * Where a taken file goes: processed/ or failed/ with its path under the folder; a name already
 * there gets the item's id before its extension, so nothing is overwritten.
 */
export async function destinationFor(
  root: string,
  relative: string,
  outcome: "processed" | "failed",
  itemId: string,
): Promise<string> {
  const dir = outcome === "processed" ? PROCESSED_DIR : FAILED_DIR;
  // A file retried from failed/ that fails again stays where it is.
  if (relative.startsWith(`${dir}/`)) return relative;
  const plain = `${dir}/${relative.replace(/^(processed|failed)\//, "")}`;
  if (!(await exists(absolutePath(root, plain)))) return plain;
  const ext = path.posix.extname(plain);
  return `${plain.slice(0, plain.length - ext.length)} (${itemId.slice(0, 8)})${ext}`;
}

/**
 * Moves the file from where it is to its destination, with a `.reason.txt` beside it when there is
 * something to say. Safe to repeat: a file already moved (a crash after the rename) is left alone.
 */
export async function moveTaken(
  root: string,
  from: string,
  to: string,
  reason: string | null,
): Promise<void> {
  const source = absolutePath(root, from);
  const target = absolutePath(root, to);
  await mkdir(path.dirname(target), { recursive: true });
  if (await exists(source)) await rename(source, target);
  if (reason !== null) await writeFile(`${target}.reason.txt`, `${reason}\n`);
  // A file retried from failed/ leaves its old reason behind no more.
  if (from !== to && from.startsWith(`${FAILED_DIR}/`)) await rm(`${source}.reason.txt`, { force: true });
}
