import pLimit from "p-limit";
import { describe, expect, it } from "vitest";
import { runTimed } from "./run-timed";

/** A pool whose every task takes `ms` of work, and stops when its signal is aborted. */
function slowPool(ms: number) {
  return {
    run: (task: string, { signal }: { signal: AbortSignal }) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => resolve(task), ms);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        });
      }),
  };
}

describe("text work's time limit", () => {
  it("counts a task's own work, not its wait behind others", async () => {
    // One thread, three tasks of 150 ms each, a limit of 400 ms: the third ends 450 ms after
    // submission, which a limit armed at submission would refuse.
    const slots = pLimit(1);
    const pool = slowPool(150);
    const results = await Promise.all(["a", "b", "c"].map((t) => runTimed(pool, slots, t, 400)));
    expect(results).toEqual(["a", "b", "c"]);
  });

  it("still stops a task whose own work runs past the limit", async () => {
    const slots = pLimit(1);
    await expect(runTimed(slowPool(300), slots, "long", 50)).rejects.toMatchObject({ name: "TimeoutError" });
    // The slot is free again afterwards.
    await expect(runTimed(slowPool(10), slots, "next", 1_000)).resolves.toBe("next");
  });
});
