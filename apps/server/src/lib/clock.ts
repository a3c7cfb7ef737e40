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
 * The system's time moved forward by a chosen amount. Only with CLOCK_SHIFT=true, which loadConfig
 * accepts with NODE_ENV=test alone: browser tests and rehearsals see in a running server what a due
 * date does days later (reminders, escalation, periodic review), where no manual clock can reach.
 */
export interface ShiftableClock extends Clock {
  shift(ms: number): void;
  /** How far this clock runs ahead of the system's. */
  shiftedMs(): number;
}

export function shiftableClock(): ShiftableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    sleep: systemClock.sleep,
    shift: (ms) => {
      offset += ms;
    },
    shiftedMs: () => offset,
  };
}

export const isShiftable = (clock: Clock): clock is ShiftableClock =>
  typeof (clock as Partial<ShiftableClock>).shift === "function";

/**
 * A clock that moves only when told to. Its sleep moves it by `ms` at once, so a test sees how long
 * the code waited without spending that long (the sign-in slow-down alone was 16 s of auth tests).
 */
export function manualClock(
  start = new Date(),
): ShiftableClock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  return {
    shift: (ms) => {
      current += ms;
    },
    shiftedMs: () => current - start.getTime(),
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
