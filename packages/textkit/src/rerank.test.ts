import { describe, expect, it } from "vitest";
import { assignFolds, chooseByCrossValidation } from "./rerank";

describe("assignFolds", () => {
  const items = Array.from({ length: 23 }, (_, i) => ({ i, absent: i % 4 === 0 }));

  it("puts every item in one of k folds, the same for the same seed", () => {
    const folds = assignFolds(items, 5, 3);
    expect(folds).toHaveLength(23);
    expect(new Set(folds)).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(assignFolds(items, 5, 3)).toEqual(folds);
    expect(assignFolds(items, 5, 4)).not.toEqual(folds);
  });

  it("deals each stratum evenly across the folds", () => {
    const folds = assignFolds(items, 3, 1, (x) => (x.absent ? "absent" : "answerable"));
    const absentPerFold = [0, 1, 2].map((f) => items.filter((x, i) => x.absent && folds[i] === f).length);
    // 6 absent items over 3 folds: two each, whatever the shuffle.
    expect(absentPerFold).toEqual([2, 2, 2]);
  });
});

describe("chooseByCrossValidation", () => {
  // Labels are noise around a majority: a model that memorises its training items scores
  // perfectly in-sample and at chance on items it never saw; predicting the majority carries over.
  const items = Array.from({ length: 40 }, (_, i) => ({ id: i, label: (i * 7) % 10 < 8 ? 1 : 0 }));
  type Item = (typeof items)[number];
  const fit = (train: Item[], option: "memorise" | "majority") => {
    const seen = new Map(train.map((x) => [x.id, x.label]));
    const majority = train.filter((x) => x.label === 1).length * 2 >= train.length ? 1 : 0;
    return (x: Item) => (option === "memorise" ? (seen.get(x.id) ?? 1 - majority) : majority);
  };
  const score = (test: Item[], model: (x: Item) => number) => test.filter((x) => model(x) === x.label).length;

  it("prefers the option that holds up on held-out folds over the one that fits its own items", () => {
    const inSample = (option: "memorise" | "majority") => score(items, fit(items, option));
    expect(inSample("memorise")).toBeGreaterThan(inSample("majority"));
    const chosen = chooseByCrossValidation(items, ["memorise", "majority"] as const, fit, score, {
      seeds: [1, 2],
    });
    expect(chosen.best).toBe("majority");
    expect(chosen.scores[1]).toBeGreaterThan(chosen.scores[0]!);
  });
});
