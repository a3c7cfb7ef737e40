import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * What the lock file says of its owner: the pid, and that process's start time as the kernel
 * counts it, so a pid the system later gave to another program is not mistaken for the owner.
 */
interface LockOwner {
  pid: number;
  startTime: string | null;
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot) and field 3 (state). */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: read after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", startTime: fields[19] ?? "" };
  } catch {
    return null;
  }
}

/**
 * Whether a process runs the same program as this one (Node), by the first word of its command
 * line. Quire always runs under Node; a lock in the older pid-only format has no start time to
 * compare, so a pid now held by a shell, a proxy or any other program must not count as Quire.
 */
function runsNode(pid: number): boolean {
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return (
      path.basename(argv0) === path.basename(process.execPath) || /^node(js)?\b/.test(path.basename(argv0))
    );
  } catch {
    return false;
  }
}

function signalAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the lock's owner still runs. A zombie (killed, not yet reaped by its parent) has
 * stopped for good; a live process whose start time differs from the recorded one is another
 * program that was given the same pid after a restart; a pid-only lock (written by earlier builds)
 * counts only while that pid runs Node. Without /proc, a signal probe decides.
 */
export function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  if (!existsSync("/proc/self/stat")) return signalAlive(owner.pid);
  const stat = procStat(owner.pid);
  if (!stat || stat.state === "Z" || stat.state === "X") return false;
  return owner.startTime === null ? runsNode(owner.pid) : owner.startTime === stat.startTime;
}

function parseOwner(text: string): LockOwner | null {
  const [pid, startTime] = text.trim().split(/\s+/);
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 ? { pid: n, startTime: startTime ?? null } : null;
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file naming the owner refuses a second opener; a lock whose owner has stopped (dead,
 * zombie, or its pid now used by an unrelated process) is taken over.
 */
export function lockDataDir(lockPath: string): () => void {
  const mine = `${process.pid} ${procStat(process.pid)?.startTime ?? ""}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      writeSync(fd, mine);
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = parseOwner(readFileSync(lockPath, "utf8"));
      if (owner && ownerIsRunning(owner)) {
        throw new Error(
          `The data directory is in use by another Quire process (pid ${owner.pid}). Stop it first, or use DATABASE_URL (PostgreSQL) to run several processes.`,
          { cause: error },
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}
