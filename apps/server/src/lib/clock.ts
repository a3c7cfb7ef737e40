/** Time comes from here so tests can move it (session expiry, rate-limit windows, "stuck for 7 days"). */
export interface Clock {
  now(): Date;
  /** Waits `ms` of this clock's time (the sign-in slow-down). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A clock that moves only when told to. Its sleep moves it by `ms` at once, so a test sees how long
 * the code waited without spending that long (the sign-in slow-down alone was 16 s of auth tests).
 */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    sleep: async (ms) => {
      current += ms;
      // Other requests run in between, as they would during a real wait.
      await new Promise((resolve) => setImmediate(resolve));
    },
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = d.getTime();
    },
  };
}

/** The UTC calendar day of `at`, as YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
