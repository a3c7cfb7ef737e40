/**
 * A pure function of one string, remembered for the last few thousand arguments: searches stem
 * the same words and split the same titles query after query. The memory is bounded: when full,
 * it starts over (cheaper than tracking recency, and the common arguments come straight back).
 */
export function memoized<T>(fn: (key: string) => T, capacity: number): (key: string) => T {
  let seen = new Map<string, T>();
  return (key: string) => {
    const known = seen.get(key);
    if (known !== undefined) return known;
    const value = fn(key);
    if (seen.size >= capacity) seen = new Map();
    seen.set(key, value);
    return value;
  };
}
