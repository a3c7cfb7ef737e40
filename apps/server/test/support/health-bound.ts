import { watchMachineStall, worstMachineStall } from "./machine-stall";

/**
 * The slowest /api/health reply a test accepts while heavy work runs: the larger of 1 s and five
 * times the 95th percentile of idle replies measured in the same run, plus five times the longest
 * the machine kept an idle bystander process from running during the work (machine-stall.ts).
 * The idle baseline alone failed when the machine got busier after it was measured (1,004 and
 * 1,088 ms with nothing wrong); the stall term follows the load of the moment, while a server that
 * holds its event loop for seconds is still caught: the bystander runs on while the server is
 * stuck. Absolute targets belong in a benchmark.
 */
export const HEALTH_FLOOR_MS = 1_000;
const IDLE_FACTOR = 5;
const STALL_FACTOR = 5;

/** Gap between asks while measuring, as whileServing asks. */
const INTERVAL_MS = 50;

/** The p95 of `samples` health replies (each timed from when it was due), one every 50 ms. */
export async function idleHealthP95(ask: () => Promise<unknown>, samples = 20): Promise<number> {
  const times: number[] = [];
  let due = performance.now();
  for (let i = 0; i < samples; i++) {
    await ask();
    times.push(performance.now() - due);
    due = performance.now() + INTERVAL_MS;
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? 0;
}

export interface HealthBound {
  /**
   * What a reply measured since `sinceEpochMs` (Date.now()), by default since the previous call
   * or since the bound was made, may have taken: max(1 s, 5 × this run's idle p95) + 5 × the
   * machine's worst stall over that window.
   */
  allowed(sinceEpochMs?: number): Promise<number>;
  /** The idle part alone, for messages. */
  readonly idle: number;
}

/** Measures this run's idle replies and starts watching the machine. */
export async function healthBound(ask: () => Promise<unknown>): Promise<HealthBound> {
  watchMachineStall();
  const idle = Math.max(HEALTH_FLOOR_MS, IDLE_FACTOR * (await idleHealthP95(ask)));
  let since = Date.now();
  return {
    idle,
    async allowed(sinceEpochMs) {
      const stall = await worstMachineStall(sinceEpochMs ?? since);
      since = Date.now();
      return idle + STALL_FACTOR * stall;
    },
  };
}
