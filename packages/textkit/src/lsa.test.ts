import { describe, expect, it } from "vitest";
import { embedText, fitLsa } from "./lsa";
import { randomizedSvd, symmetricEigen } from "./svd";

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe("randomizedSvd", () => {
  it("recovers the singular values of a small exact matrix", () => {
    // diag(3, 2, 1) in CSR
    const matrix = {
      rows: 3,
      cols: 3,
      rowStart: Uint32Array.from([0, 1, 2, 3]),
      colIndex: Uint32Array.from([0, 1, 2]),
      values: Float32Array.from([3, 2, 1]),
    };
    const svd = randomizedSvd(matrix, { rank: 2, oversample: 1 });
    expect([...svd.singularValues].map((v) => Math.round(v * 1000) / 1000)).toEqual([3, 2]);
    expect(Math.abs(svd.rightVectors[0]!)).toBeCloseTo(1);
  });

  it("diagonalises a symmetric matrix", () => {
    const { values } = symmetricEigen(Float64Array.from([2, 1, 1, 2]), 2);
    expect([...values].sort()).toEqual([1, 3].map((v) => expect.closeTo(v, 9)));
  });
});

describe("LSA", () => {
  const pets = [
    "cats and kittens purr and chase mice",
    "a kitten is a young cat that purrs",
    "dogs and puppies bark and fetch sticks",
    "a puppy is a young dog that barks",
    "cats chase mice while dogs bark",
    "stock markets and shares fall when interest rates rise",
    "interest rates and inflation move markets",
    "shares of the bank fell as markets dropped",
  ];

  it("places texts about the same topic closer than texts about another, even without shared words", () => {
    const model = fitLsa(pets, { dims: 3, minDocumentFrequency: 1 })!;
    expect(model.dims).toBe(3);
    const kitten = embedText(model, "kitten purrs")!;
    const cat = embedText(model, "cats chase mice")!;
    const market = embedText(model, "interest rates")!;
    expect(dot(kitten, cat)).toBeGreaterThan(dot(kitten, market));
  });

  it("is deterministic and refuses too little text", () => {
    const a = fitLsa(pets, { dims: 3, minDocumentFrequency: 1 })!;
    const b = fitLsa(pets, { dims: 3, minDocumentFrequency: 1 })!;
    expect([...a.projection]).toEqual([...b.projection]);
    expect(fitLsa(["one text"])).toBeNull();
    expect(embedText(a, "zzz qqq")).toBeNull();
  });
});
