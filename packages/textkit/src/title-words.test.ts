import { describe, expect, it } from "vitest";
import { titleParts, titleSubwordMatch } from "./title-words";

describe("title sub-words", () => {
  it("splits names on punctuation and case changes", () => {
    expect(titleParts("libfoo-dev")).toEqual(["libfoo", "dev"]);
    expect(titleParts("Q3FinancialReport.pdf")).toEqual(["q3", "financial", "report", "pdf"]);
  });

  it("matches a word a part begins, that begins a part, or that a part holds", () => {
    const one = (word: string, title: string) => titleSubwordMatch([{ word, weight: 1 }], titleParts(title));
    expect(one("development", "libfoo-dev")).toBeGreaterThan(0);
    expect(one("python", "python3-gi")).toBeGreaterThan(0);
    expect(one("anyevent", "libanyevent-perl")).toBeGreaterThan(0);
    expect(one("documentation", "libfoo-dev")).toBe(0);
    // An exact match is the title field's: no bonus on top; two-letter parts never match.
    expect(one("dev", "libfoo-dev")).toBe(0);
    expect(one("gimp", "gi")).toBe(0);
  });

  it("weighs each word by its weight", () => {
    const parts = titleParts("libfoo-doc");
    const rare = titleSubwordMatch(
      [
        { word: "documentation", weight: 3 },
        { word: "files", weight: 1 },
      ],
      parts,
    );
    const common = titleSubwordMatch(
      [
        { word: "documentation", weight: 1 },
        { word: "files", weight: 3 },
      ],
      parts,
    );
    expect(rare).toBeGreaterThan(common);
  });
});
