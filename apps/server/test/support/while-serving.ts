import { expect } from "vitest";
import type { TestApp } from "./harness";
import { runDelayMs } from "./run-delay";

/** This process's main thread, which answers the in-process server's requests and runs the poller. */
const ownRunDelay = () => runDelayMs(process.pid) ?? 0;

/**
 * Runs `work` while asking /api/health every 50 ms, and answers the work's result with the slowest
 * health reply, counted from when the request was due: a stall of the event loop that starts while
 * the poller sleeps delays its timer, not the request (injected requests and PGlite queries chain
 * as microtasks and get through), so timing only the request would miss it.
 *
 * `slowestHealth` is in the server's own time: each reply's wall time less the time the operating
 * system kept this process's main thread waiting for a CPU meanwhile (run-delay.ts). At a load of
 * 13 on two cores a reply took 2.2 s of wall time with the loop never held long; a server that
 * holds its loop, computing or blocked, is still charged the whole hold, as neither is a wait
 * for a CPU. `slowestWall` is the wall time, for messages.
 */
export async function whileServing<T>(
  t: TestApp,
  work: () => Promise<T>,
): Promise<{ result: T; slowestHealth: number; slowestWall: number }> {
  let done = false;
  let slowestHealth = 0;
  let slowestWall = 0;
  const polling = (async () => {
    let due = performance.now();
    let delayAtDue = ownRunDelay();
    while (!done) {
      const health = await t.request("GET", "/api/health");
      expect(health.statusCode).toBe(200);
      const wall = performance.now() - due;
      slowestWall = Math.max(slowestWall, wall);
      slowestHealth = Math.max(slowestHealth, wall - (ownRunDelay() - delayAtDue));
      due = performance.now() + 50;
      // Read before the sleep: a sleeping thread does not wait for a CPU, so only the wait after
      // its timer fires (and the reply's own) is added from here on.
      delayAtDue = ownRunDelay();
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return { result: await work(), slowestHealth, slowestWall };
  } finally {
    done = true;
    await polling;
  }
}
