import { describe, expect, it } from "vitest";
import { titleParts, titlePartsNamed, titleSubwordMatch } from "./title-words";

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

  it("credits the words whose initials a title part spells", () => {
    const words = (text: string) => text.split(" ").map((word) => ({ word, weight: 1 }));
    const match = (query: string, title: string) => titleSubwordMatch(words(query), titleParts(title));
    expect(match("differential equations analysis library", "libdeal.ii-dev")).toBeCloseTo(0.7);
    expect(match("human resources onboarding", "HR-Onboarding")).toBeCloseTo(1.4 / 3); // "onboarding" is the title field's
    expect(match("local centre authorization service", "liblcas0")).toBeCloseTo(0.7);
    // Two or three initials only at a part's edge; none for words the part does not spell in order.
    expect(match("visual toolkit", "libxvtk")).toBe(0);
    expect(match("library equations", "libdeal")).toBe(0);
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

describe("titlePartsNamed", () => {
  const words = (query: string) => query.split(" ").map((word) => ({ word, weight: 1 }));

  it("prefers the title the query spells out over a sibling whose name says more", () => {
    const query = words("qt 6 image formats plugins");
    const exact = titlePartsNamed(query, titleParts("qt6-image-formats-plugins"));
    const sibling = titlePartsNamed(query, titleParts("qt6-image-formats-plugin-pdf"));
    expect(exact).toBeCloseTo(0.75); // "qt" is too short to name "qt6"
    expect(sibling).toBeLessThan(exact);
    expect(sibling).toBeCloseTo(0.54); // "plugins" begins with "plugin", nothing names "pdf"
  });

  it("counts whole and sub-word names, and nothing for an empty title", () => {
    expect(titlePartsNamed(words("development files"), titleParts("libfoo-dev"))).toBeCloseTo(0.35);
    expect(titlePartsNamed(words("ruby"), titleParts("ruby"))).toBe(1);
    expect(titlePartsNamed(words("ruby"), [])).toBe(0);
  });
});
