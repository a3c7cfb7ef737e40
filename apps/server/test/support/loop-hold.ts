import { readFileSync } from "node:fs";

/**
 * How long this process's main thread was kept from answering, counted in the CPU time that
 * thread spent during the longest gap between two 10 ms ticks. Wall-clock delay grows with the
 * machine's load (at a load of 14 on two cores a 300 ms piece of work took 1.5 s), so a bound on
 * it fails on a busy machine with nothing wrong; the main thread's own CPU time during the gap
 * does not grow with load, and it is what one long synchronous piece of work costs. Linux only
 * (`/proc/self/task/<pid>/stat`: the main thread's id is the process id); elsewhere the CPU figure
 * is the wall figure.
 */
const TICK_MS = 10;
/** Clock ticks per second in /proc's utime and stime (USER_HZ, 100 on Linux). */
const USER_HZ = 100;
const statPath = `/proc/self/task/${process.pid}/stat`;

/** The main thread's CPU time so far, in ms, or null where /proc does not tell it. */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(statPath, "utf8");
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

export interface LoopHold {
  /** The longest gap between ticks, wall clock, in ms. */
  maxWallMs: number;
  /** The most CPU time the main thread spent within any one gap, in ms (10 ms resolution). */
  maxCpuMs: number;
}

/** Starts watching; `stop()` ends it and says what it saw. */
export function watchLoopHold(): { stop(): LoopHold } {
  let lastWall = performance.now();
  let lastCpu = mainThreadCpuMs();
  const seen: LoopHold = { maxWallMs: 0, maxCpuMs: 0 };
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = mainThreadCpuMs();
    const gap = wall - lastWall - TICK_MS;
    seen.maxWallMs = Math.max(seen.maxWallMs, gap);
    seen.maxCpuMs = Math.max(seen.maxCpuMs, cpu === null || lastCpu === null ? gap : cpu - lastCpu);
    lastWall = wall;
    lastCpu = cpu;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      return { ...seen };
    },
  };
}
