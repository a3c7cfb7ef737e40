import { describe, expect, it } from "vitest";
import {
  jaccard,
  nearDuplicateCandidates,
  shingle,
  sketchResemblance,
  sketchShingles,
  SKETCH_SIZE,
} from "./shingles";

const words = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `w${i + from}`).join(" ");

describe("stored shingle sketches", () => {
  it("give the exact resemblance when both documents fit their sketch", () => {
    const a = shingle(`${words(300)} tail one`);
    const b = shingle(`${words(300)} tail two and more`);
    expect(sketchResemblance(sketchShingles(a), sketchShingles(b))).toBe(jaccard(a, b));
  });

  it("estimate it closely for documents past the sketch's size, of bounded size", () => {
    const a = shingle(words(20_000));
    const b = shingle(words(20_000, 4_000));
    const [x, y] = [sketchShingles(a), sketchShingles(b)];
    expect(x.smallest.length).toBe(SKETCH_SIZE);
    expect(x.shingles).toBe(a.size);
    expect(Math.abs(sketchResemblance(x, y) - jaccard(a, b))).toBeLessThan(0.05);
    expect(sketchResemblance(x, sketchShingles(shingle(words(20_000, 100_000))))).toBe(0);
  });

  it("find the same candidate pairs as from the shingle sets", () => {
    const texts = [words(500), `${words(500)} extra words here`, words(500, 9_000)];
    const sketches = texts.map((t) => sketchShingles(shingle(t)));
    expect(nearDuplicateCandidates(sketches.map((s) => s.signature))).toEqual([[0, 1]]);
    expect(nearDuplicateCandidates([null, sketches[0]!.signature])).toEqual([]);
  });
});
