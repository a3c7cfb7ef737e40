import { describe, expect, it } from "vitest";
import { reservoir } from "./reservoir";

describe("reservoir", () => {
  it("keeps everything while the stream is shorter than the sample", () => {
    const r = reservoir<number>(5);
    [3, 1, 4].forEach((n) => r.add(n));
    expect(r.items()).toEqual([3, 1, 4]);
    expect(r.seen).toBe(3);
  });

  it("keeps at most max items, in arrival order, the same ones for the same seed", () => {
    const sample = (seed: number) => {
      const r = reservoir<number>(100, seed);
      for (let i = 0; i < 10_000; i++) r.add(i);
      return r;
    };
    const a = sample(7);
    expect(a.items()).toHaveLength(100);
    expect(a.seen).toBe(10_000);
    expect(a.items()).toEqual([...a.items()].sort((x, y) => x - y));
    expect(sample(7).items()).toEqual(a.items());
    expect(sample(8).items()).not.toEqual(a.items());
  });

  it("samples every part of the stream alike", () => {
    // 200 draws of 100 from 10,000: each tenth of the stream should hold about 2,000 of 20,000 kept.
    const perTenth = new Array<number>(10).fill(0);
    for (let seed = 1; seed <= 200; seed++) {
      const r = reservoir<number>(100, seed);
      for (let i = 0; i < 10_000; i++) r.add(i);
      for (const n of r.items()) perTenth[Math.floor(n / 1000)]!++;
    }
    for (const count of perTenth) expect(Math.abs(count - 2000)).toBeLessThan(200);
  });
});
