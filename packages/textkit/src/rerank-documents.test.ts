import { describe, expect, it } from "vitest";
import { documentScore, fitSoftmax, titleNamed } from "./rerank-documents";

describe("titleNamed", () => {
  it("is the share of the title's words the question names, numbers dropped", () => {
    expect(titleNamed("How can grep ignore case?", "grep(1) manual page")).toBeCloseTo(1 / 3);
    expect(titleNamed("How can grep ignore case?", "egrep(1) manual page")).toBe(0);
    expect(titleNamed("Is git fast?", "Debian package git-man")).toBeCloseTo(1 / 4);
    expect(titleNamed("anything", "")).toBe(0);
  });
});

describe("fitSoftmax", () => {
  // Feature 0 marks the right document in every group; feature 1 is noise that favours a wrong one.
  const groups = [
    {
      xs: [
        [1, 0],
        [0, 1],
        [0, 0],
      ],
      right: 0,
    },
    {
      xs: [
        [0, 1],
        [1, 0],
      ],
      right: 1,
    },
    {
      xs: [
        [0, 0],
        [1, 1],
        [0, 1],
      ],
      right: 1,
    },
    { xs: [[1, 0]], right: 0 },
    {
      xs: [
        [0, 1],
        [0, 0],
      ],
      right: -1,
    },
  ];

  it("learns to put the right document first, the same weights every time", () => {
    const w = fitSoftmax(groups, { epochs: 500 });
    expect(w[0]).toBeGreaterThan(1);
    expect(w[0]).toBeGreaterThan(Math.abs(w[1]!));
    for (const g of groups.filter((x) => x.right >= 0 && x.xs.length > 1)) {
      const scores = g.xs.map((x) => documentScore(w, x));
      expect(scores.indexOf(Math.max(...scores))).toBe(g.right);
    }
    expect(fitSoftmax(groups, { epochs: 500 })).toEqual(w);
  });
});
