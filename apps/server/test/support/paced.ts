/**
 * Limits that follow the machine: a test times a first piece of its own work (a server's start,
 * a database's first open) and allows each later step a multiple of that, instead of a fixed
 * timeout. Fixed limits that passed at a load of 5 failed at a load of 30 with nothing wrong, while
 * the same work measured in the same run slows alike. Such a test sets Vitest's own timeout to 0
 * (none): every wait in it is bounded here, the first by a hang guard only.
 */

/** Only stops a hang of the step that serves as the baseline. */
export const BASELINE_HANG_GUARD_MS = 15 * 60_000;

/** Runs `work` and answers its result and how long it took. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** `work`'s result, or a failure naming `what` if it did not settle within `ms`. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took more than ${Math.round(ms)} ms (the limit this run allows)`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
