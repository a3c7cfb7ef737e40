import { seededRandom } from "./svd";

/**
 * A uniform sample of at most `max` items from a stream of unknown length (Vitter's algorithm R),
 * seeded so a refit of the same archive samples the same passages. Memory stays at `max` items
 * however long the stream: the LSA refit reads every passage but keeps only what it fits on.
 */
export interface Reservoir<T> {
  add(item: T): void;
  /** The sample, in the order the kept items arrived. */
  items(): T[];
  /** Items offered so far. */
  readonly seen: number;
}

export function reservoir<T>(max: number, seed = 1): Reservoir<T> {
  const random = seededRandom(seed);
  const kept: Array<{ at: number; item: T }> = [];
  let seen = 0;
  return {
    add(item) {
      const at = seen++;
      if (kept.length < max) {
        kept.push({ at, item });
        return;
      }
      const slot = Math.floor(random() * seen);
      if (slot < max) kept[slot] = { at, item };
    },
    items: () => [...kept].sort((a, b) => a.at - b.at).map((k) => k.item),
    get seen() {
      return seen;
    },
  };
}
