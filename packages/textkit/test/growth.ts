/**
 * Linear-time checks that a loaded machine cannot fail. An absolute bound ("under 2 s") failed in
 * runs beside other work with nothing wrong. Here the same work is timed on the whole input and on
 * an eighth of it, back to back, so other work on the machine slows both alike: linear work grows
 * about 8×, quadratic about 64×. Absolute speed targets belong in a benchmark.
 */
const FRACTION = 8;
/** Work this quick on the whole input is not worth timing further: it cannot be quadratic at size. */
const QUICK_MS = 150;
/** A small run's time is read as at least this, so a near-zero timing cannot inflate the ratio. */
const FLOOR_MS = 10;
/** Growth allowed for the 8-fold input: three times linear, a third of quadratic. */
export const LINEAR_GROWTH_LIMIT = 24;

/**
 * The CPU time `run` takes, in ms (this process's user and system time, not the wall clock): on a
 * loaded machine the wall clock also counts the time other processes held the cores, which made a
 * linear check read 28× for 8× the text at a load of 19.
 */
function timeMs(run: () => unknown): number {
  const started = process.cpuUsage();
  run();
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000;
}

/** The least of `tries` timings: the one the machine's other work disturbed least. */
function fastestMs(run: () => unknown, tries: number): number {
  let best = Infinity;
  for (let i = 0; i < tries; i++) best = Math.min(best, timeMs(run));
  return best;
}

/**
 * How many times longer `run` takes on `make(size)` than on `make(size / 8)`: about 8 for linear
 * work, 1 when the whole input is done in under 150 ms.
 */
export function growthOf<T>(make: (size: number) => T, run: (input: T) => unknown, size: number): number {
  const whole = make(size);
  const first = timeMs(() => run(whole));
  if (first < QUICK_MS) return 1;
  const eighth = make(Math.ceil(size / FRACTION));
  let full = first;
  let best = Infinity;
  // A ratio over the limit is measured again (at most twice) before it counts: a garbage
  // collection landing in one timing is noise, while quadratic work reads ~64× every time.
  for (let round = 0; round < 3 && best > LINEAR_GROWTH_LIMIT; round++) {
    const small = fastestMs(() => run(eighth), 3);
    full = Math.min(
      full,
      fastestMs(() => run(whole), 1),
    );
    best = Math.min(best, full / Math.max(small, FLOOR_MS));
  }
  return best;
}
