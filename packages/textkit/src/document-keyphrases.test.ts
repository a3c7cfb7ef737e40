import { describe, expect, it } from "vitest";
import { extractKeyphrases } from "./document-keyphrases";

describe("extractKeyphrases", () => {
  it("never makes a tag of a URL's or an e-mail address's parts", () => {
    const readme = [
      "# zstream",
      "",
      "zstream compresses log streams on the fly. Report bugs at https://github.com/example/zstream/issues",
      "or write to maintainer@gmail.com; see www.example.org and docs.example.com for the compression levels.",
      "",
      "## Compression levels",
      "",
      "Compression levels trade speed for size. Log streams rotate daily. Contact jane.doe@gmail.com.",
    ].join("\n");
    const tags = extractKeyphrases(readme, { max: 8 }).map((k) => k.phrase);
    expect(tags.length).toBeGreaterThan(0);
    for (const fragment of ["github", "gmail", "com", "https", "www", "org", "example", "issues"])
      expect(tags.join(" ").split(/\s+/), fragment).not.toContain(fragment);
    expect(tags).toContain("compression levels");
  });

  // A notice and a canteen note as uploaded together: short, nothing said more than twice.
  const notice = [
    "# Fire drill",
    "",
    "Fire drill: the roller doors close every Friday starting next month; walk, do not run.",
    "The warehouse team checks the roller doors every Friday before the drill. Fire wardens wear yellow vests.",
    "Meet at the assembly point by the car park. Fire wardens count everyone and report to reception.",
  ].join("\n");
  const canteen = [
    "Canteen notice",
    "",
    "From next Monday the canteen opens at 8:00 and closes at 14:30. Hot meals are served on Fridays starting next month.",
    "Please walk plain text menus to the noticeboard each morning. Allergy information is on every menu; ask the catering staff if in doubt.",
    "Catering staff clean the canteen tables after each sitting.",
  ].join("\n");
  const edges = [
    "every",
    "next",
    "each",
    "some",
    "starting",
    "walk",
    "close",
    "please",
    "the",
    "on",
    "before",
  ];

  it("makes tags of nouns and noun phrases, never of a sentence's fragments", () => {
    for (const text of [notice, canteen]) {
      const tags = extractKeyphrases(text, { max: 5 }).map((k) => k.phrase);
      expect(tags.length).toBeGreaterThan(0);
      const prose = text.toLowerCase().replace(/\s+/g, " ");
      for (const tag of tags) {
        expect(prose, tag).toContain(tag);
        const words = tag.split(" ");
        expect(edges, tag).not.toContain(words[0]);
        expect(edges, tag).not.toContain(words.at(-1));
      }
      for (const fragment of [
        "rollers every",
        "doors close every",
        "fridays starting next",
        "starting next month",
      ])
        expect(tags).not.toContain(fragment);
    }
    expect(extractKeyphrases(notice, { max: 5 }).map((k) => k.phrase)).toEqual(
      expect.arrayContaining(["fire drill", "roller doors", "fire wardens"]),
    );
    expect(extractKeyphrases(canteen, { max: 5 }).map((k) => k.phrase)).toEqual(
      expect.arrayContaining(["catering staff", "canteen"]),
    );
  });

  it("prefers a word said twice to a phrase said once, and ends no phrase in a participle", () => {
    const memo = [
      "Expenses",
      "",
      "Receipts for expenses go to the finance office. Taxi fares approved by a manager are refunded.",
      "Receipts must be kept for six years.",
    ].join("\n");
    const tags = extractKeyphrases(memo, { max: 3 }).map((k) => k.phrase);
    expect(tags.slice(0, 2).sort()).toEqual(["expenses", "receipts"]);
    expect(tags).not.toContain("fares approved");
  });
});
