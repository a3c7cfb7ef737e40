import { describe, expect, it } from "vitest";
import { coverageNote } from "./coverage-note";
import type { RankedDocument } from "./retrieve";

// Only the best passage's title and heading are read.
const document = {
  best: { title: "Copyright format", heading: "Files stanza" },
} as unknown as RankedDocument;

describe("coverageNote", () => {
  it("says which bound the closest document does not give", () => {
    expect(coverageNote([{ word: "maximum", nowhere: false, bound: "upper" }], document)).toBe(
      "The closest document, “Copyright format” (section “Files stanza”), does not give an upper limit (“maximum”).",
    );
    expect(coverageNote([{ word: "minimum", nowhere: false, bound: "lower" }], document)).toMatch(
      /does not give a lower limit \(“minimum”\)\.$/,
    );
  });

  it("names missing words, saying which the archive never mentions", () => {
    expect(
      coverageNote(
        [
          { word: "Japan", nowhere: true },
          { word: "contractors", nowhere: false },
        ],
        document,
      ),
    ).toBe(
      "The archive does not mention Japan, and the closest document, “Copyright format” (section “Files stanza”), does not mention contractors.",
    );
  });
});
