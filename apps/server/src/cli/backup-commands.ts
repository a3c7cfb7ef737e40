import { createWriteStream } from "node:fs";
import { open, rename, rm, type FileHandle } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";
import { readBackup, writeBackup } from "../backup/archive";
import type { Command, CommandIo } from "./command";
import { cliConfig, errorMessage, openCliContext, resolveFromUser } from "./context";

const IN_USE = /in use by another Quire process/;

/** Writes to a temporary name and renames at the end: a failed backup never looks like a good one. */
async function writeAtomically(
  file: string,
  produce: (out: NodeJS.WritableStream) => Promise<void>,
): Promise<void> {
  const temp = `${file}.partial`;
  try {
    await produce(createWriteStream(temp));
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Directly from the database: PostgreSQL at any time, the embedded database while the server is stopped. */
async function backupDirect(file: string, io: CommandIo): Promise<number> {
  const cli = await openCliContext(process.env, { bootstrap: false });
  try {
    await writeAtomically(file, async (out) => {
      const gzip = createGzip();
      const done = pipeline(gzip, out);
      const summary = await writeBackup(cli.ctx.db, cli.ctx.blobs, gzip);
      gzip.end();
      await done;
      io.out(
        `Backed up ${Object.values(summary.tables).reduce((a, b) => a + b, 0)} rows and ${summary.blobs} originals to ${file}`,
      );
    });
    return 0;
  } finally {
    await cli.close();
  }
}

/** Through the running server (the embedded database belongs to it), as an Admin's API token. */
async function backupOnline(file: string, io: CommandIo): Promise<number> {
  const token = process.env.QUIRE_TOKEN;
  const base = process.env.QUIRE_URL ?? `http://127.0.0.1:${cliConfig().port}`;
  if (!token) {
    io.err(
      "Quire is running on this data directory. Back up through it with an Admin's personal access token:",
    );
    io.err(
      "  QUIRE_TOKEN=qt_… npm run quire -- backup <file>   (QUIRE_URL if it is not on this machine's PORT)",
    );
    return 2;
  }
  const res = await fetch(`${base}/api/admin/backup`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) {
    io.err(`The server refused the backup: ${res.status} ${await res.text()}`);
    return 1;
  }
  await writeAtomically(file, (out) => pipeline(Readable.fromWeb(res.body as never), out));
  io.out(`Backed up through ${base} to ${file}`);
  return 0;
}

export const backupCommands: Record<string, Command> = {
  backup: {
    usage: "backup <file>",
    summary:
      "Write every document, version, original, approval and setting to <file> (Quire may keep running)",
    needsContext: false,
    async run(args, io) {
      const [target, ...rest] = args;
      if (!target || rest.length > 0) {
        io.err("Usage: npm run quire -- backup <file>");
        return 2;
      }
      const file = resolveFromUser(target);
      try {
        return await backupDirect(file, io);
      } catch (error) {
        if (IN_USE.test(errorMessage(error))) return backupOnline(file, io);
        throw error;
      }
    },
  },
  restore: {
    usage: "restore <file>",
    summary: "Restore a backup into an empty installation (a new DATA_DIR or database; server stopped)",
    needsContext: false,
    async run(args, io) {
      const [source, ...rest] = args;
      if (!source || rest.length > 0) {
        io.err("Usage: npm run quire -- restore <file>");
        return 2;
      }
      // Opened before anything else: a missing or unreadable file is a sentence, not a stack
      // trace from a stream's unhandled error, and the database is never touched for it.
      let backup: FileHandle;
      try {
        backup = await open(resolveFromUser(source), "r");
      } catch (error) {
        io.err(`Cannot read the backup ${source}: ${readError(error)}`);
        return 1;
      }
      if (!(await backup.stat()).isFile()) {
        await backup.close();
        io.err(`Cannot read the backup ${source}: it is not a file`);
        return 1;
      }
      const cli = await openCliContext(process.env, { bootstrap: false });
      try {
        const raw = backup.createReadStream();
        const input = raw.pipe(createGunzip());
        // pipe() does not pass a read error on: the restore would wait, or the process die of it.
        raw.on("error", (error) => input.destroy(error));
        const summary = await readBackup(cli.ctx.db, cli.ctx.blobs, input);
        io.out(
          `Restored ${Object.values(summary.tables).reduce((a, b) => a + b, 0)} rows and ${summary.blobs} originals.`,
        );
        return 0;
      } finally {
        await cli.close();
        await backup.close().catch(() => undefined);
      }
    },
  },
};

/** What went wrong opening a file, in words ("no such file"), else the system's message. */
function readError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return "no such file";
  if (code === "EACCES") return "permission denied";
  return errorMessage(error);
}
