import { expect } from "vitest";
import type { TestApp } from "./harness";

/**
 * Runs `work` while asking /api/health every 50 ms, and answers the work's result with the slowest
 * health reply, counted from when the request was due: a stall of the event loop that starts while
 * the poller sleeps delays its timer, not the request (injected requests and PGlite queries chain
 * as microtasks and get through), so timing only the request would miss it.
 */
export async function whileServing<T>(
  t: TestApp,
  work: () => Promise<T>,
): Promise<{ result: T; slowestHealth: number }> {
  let done = false;
  let slowestHealth = 0;
  const polling = (async () => {
    let due = performance.now();
    while (!done) {
      const health = await t.request("GET", "/api/health");
      expect(health.statusCode).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - due);
      due = performance.now() + 50;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    return { result: await work(), slowestHealth };
  } finally {
    done = true;
    await polling;
  }
}
