import { readFileSync } from "node:fs";

/**
 * How long the operating system kept a process's main thread waiting for a CPU while it was ready
 * to run, in ms since the thread started (Linux `/proc/<pid>/task/<pid>/schedstat`, its second
 * field, in ns; the main thread's id is the process id), or null where /proc does not tell it.
 *
 * A latency test subtracts this from a reply's wall time to get the time that is the server's own:
 * running its code, or blocked in it. On a two-core machine at a load of 18, a 20 ms statement
 * takes about 200 ms of wall time; the machine's part of that shows up here, while a server that
 * holds its event loop (computing, or waiting synchronously) is charged the whole hold.
 */
export function runDelayMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").trim().split(/\s+/);
    const waited = Number(fields[1]);
    return Number.isFinite(waited) ? waited / 1e6 : null;
  } catch {
    return null;
  }
}

/** The run delay of `pids` together, summed; 0 for any that /proc does not tell. */
export function runDelaysMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (runDelayMs(pid) ?? 0), 0);
}
