import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, fsync, mkdirSync, openSync, renameSync, utimesSync, write } from "node:fs";
import { readFile, rm, stat, readdir } from "node:fs/promises";
import { promisify } from "node:util";
import path from "node:path";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { blobData } from "../db/schema";

/**
 * Original files, addressed by the sha256 of their bytes: the same file uploaded twice is kept
 * once, and a stored file can always be checked against its name.
 */
export interface BlobStore {
  readonly kind: "fs" | "db";
  /** Stores the bytes (idempotent) and answers their sha256. Durable once it resolves. */
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Buffer>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Every stored hash, for the orphan sweep. */
  list(): Promise<string[]>;
  /**
   * Deletes the bytes if they were last stored before `cutoff` (a put since then renews them),
   * and answers whether it did. The orphan sweep's only way to delete.
   */
  deleteIfStoredBefore(sha256: string, cutoff: Date): Promise<boolean>;
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

const SHA256 = /^[0-9a-f]{64}$/;
const fsyncAsync = promisify(fsync);
const writeAsync = promisify(write);

async function writeAll(fd: number, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await writeAsync(fd, bytes, offset, bytes.length - offset, offset);
    offset += bytesWritten;
  }
}
function assertHash(sha256: string): void {
  // The hash becomes a file path; anything but 64 hex digits never reaches the file system.
  if (!SHA256.test(sha256)) throw new Error(`not a sha256: ${sha256.slice(0, 80)}`);
}

/** Files under root/ab/cd/<sha256>, written to a temp file, fsynced, then renamed into place. */
export class FsBlobStore implements BlobStore {
  readonly kind = "fs";
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    assertHash(sha256);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  // Metadata calls are synchronous (microseconds each) and only the write and the two fsyncs go to
  // the thread pool: on a busy server every await waits its turn on the event loop (on PGlite that
  // loop also runs the SQL), and eleven awaits made a loaded upload take seconds.
  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    const target = this.pathOf(sha256);
    if (existsSync(target)) {
      // Renew its time: an upload claiming bytes that are already here must not lose them to the
      // orphan sweep before its transaction commits.
      try {
        const now = new Date();
        utimesSync(target, now, now);
        return sha256;
      } catch {
        // swept just now: store it again below
      }
    }
    const dir = path.dirname(target);
    mkdirSync(dir, { recursive: true });
    const temp = path.join(dir, `.${sha256}.${randomBytes(6).toString("hex")}.tmp`);
    const fd = openSync(temp, "wx", 0o640);
    try {
      await writeAll(fd, bytes);
      await fsyncAsync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
    // The rename is durable only once the directory entry is on disk too.
    const dirFd = openSync(dir, "r");
    try {
      await fsyncAsync(dirFd);
    } finally {
      closeSync(dirFd);
    }
    return sha256;
  }

  async get(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256));
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async deleteIfStoredBefore(sha256: string, cutoff: Date): Promise<boolean> {
    const file = this.pathOf(sha256);
    const stored = await stat(file).catch(() => null);
    if (!stored || stored.mtime >= cutoff) return false;
    await rm(file, { force: true });
    return true;
  }

  async list(): Promise<string[]> {
    const found: string[] = [];
    const walk = async (dir: string, depth: number): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (entry.isDirectory() && depth < 2) await walk(path.join(dir, entry.name), depth + 1);
        else if (entry.isFile() && depth === 2 && SHA256.test(entry.name)) found.push(entry.name);
      }
    };
    await walk(this.root, 0);
    return found;
  }
}

/** Bytes in PostgreSQL itself, so any number of stateless processes share them (BLOB_STORE=db). */
export class DbBlobStore implements BlobStore {
  readonly kind = "db";
  constructor(private readonly db: Database) {}

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Of(bytes);
    await this.db
      .insert(blobData)
      .values({ sha256, bytes, storedAt: new Date() })
      .onConflictDoUpdate({ target: blobData.sha256, set: { storedAt: new Date() } });
    return sha256;
  }

  async get(sha256: string): Promise<Buffer> {
    const [row] = await this.db
      .select({ bytes: blobData.bytes })
      .from(blobData)
      .where(eq(blobData.sha256, sha256));
    if (!row) throw new Error(`blob ${sha256} not found`);
    return Buffer.from(row.bytes);
  }

  async has(sha256: string): Promise<boolean> {
    const rows = await this.db
      .select({ sha256: blobData.sha256 })
      .from(blobData)
      .where(eq(blobData.sha256, sha256));
    return rows.length > 0;
  }

  async delete(sha256: string): Promise<void> {
    await this.db.delete(blobData).where(inArray(blobData.sha256, [sha256]));
  }

  async list(): Promise<string[]> {
    const rows = await this.db.select({ sha256: blobData.sha256 }).from(blobData);
    return rows.map((r) => r.sha256);
  }

  async deleteIfStoredBefore(sha256: string, cutoff: Date): Promise<boolean> {
    const rows = await this.db
      .delete(blobData)
      .where(and(eq(blobData.sha256, sha256), lt(blobData.storedAt, cutoff)))
      .returning({ sha256: blobData.sha256 });
    return rows.length > 0;
  }
}
