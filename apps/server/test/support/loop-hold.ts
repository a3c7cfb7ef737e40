import { readFileSync } from "node:fs";

/**
 * How long this process's main thread was kept from answering, counted in the CPU time that
 * thread spent during the longest gap between two 10 ms ticks. Wall-clock delay grows with the
 * machine's load (at a load of 14 on two cores a 300 ms piece of work took 1.5 s), so a bound on
 * it fails on a busy machine with nothing wrong; the main thread's own CPU time during the gap
 * grows far less with load, and it is what one long synchronous piece of work costs. Linux only
 * (`/proc/self/task/<pid>/schedstat`, its first field: the time the main thread ran, in ns,
 * counted by the scheduler rather than sampled at each 10 ms tick as `stat`'s utime is; the main
 * thread's id is the process id); elsewhere the CPU figure is the wall figure.
 */
const TICK_MS = 10;
const schedstatPath = `/proc/self/task/${process.pid}/schedstat`;

/** The main thread's CPU time so far, in ms, or null where /proc does not tell it. */
function mainThreadCpuMs(): number | null {
  try {
    const ran = Number(readFileSync(schedstatPath, "utf8").trim().split(/\s+/)[0]);
    return Number.isFinite(ran) ? ran / 1e6 : null;
  } catch {
    return null;
  }
}

export interface LoopHold {
  /** The longest gap between ticks, wall clock, in ms. */
  maxWallMs: number;
  /** The most CPU time the main thread spent within any one gap, in ms. */
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
