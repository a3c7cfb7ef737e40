import { describe, expect, it } from "vitest";
import { askedForOf, givesDuration, givesFigure, statedFigures } from "./asked-for";

const askedFor = (question: string) => askedForOf(question).words;

describe("askedFor", () => {
  it("reads the words after what, which or how much/many, past linking words", () => {
    expect(askedFor("What annual membership fee do Debian developers pay?")).toEqual([
      "annual",
      "membership",
      "fee",
    ]);
    expect(askedFor("What is the maximum length of the Subject line?")).toEqual(["maximum", "length"]);
    expect(askedFor("What fee may SPI charge?")).toEqual(["fee"]);
    expect(askedFor("How long is the probation period?")).toEqual([]);
    expect(askedFor("Who must approve it?")).toEqual([]);
  });

  it("reads a noun after 'what is the' as what is asked for, and not a word after 'what is' alone", () => {
    expect(askedForOf("What's the statute of limitations for suing over a violation?")).toMatchObject({
      words: ["statute"],
      direct: true,
    });
    expect(askedForOf("What is special about the Files field?").direct).toBe(false);
    expect(askedForOf("What is a bigger program called?").direct).toBe(false);
  });

  it("says when the answer is a figure", () => {
    expect(askedForOf("How many weeks of holiday may I take?")).toEqual({
      words: ["weeks"],
      figure: "number",
      of: ["holiday"],
      direct: true,
    });
    expect(askedForOf("How much is the licensing fee?")).toEqual({
      words: ["licensing", "fee"],
      figure: "amount",
      of: [],
      direct: true,
    });
    expect(askedForOf("How much does it cost?")).toEqual({ words: [], figure: null, of: [], direct: true });
    expect(askedForOf("What fee applies?").figure).toBeNull();
  });

  it("reads a contracted what, a comparative count and a number-of phrase as the same questions", () => {
    expect(askedFor("What's the maximum length of the Subject line?")).toEqual(["maximum", "length"]);
    expect(askedForOf("After how many more weeks will my packages be orphaned?")).toEqual({
      words: ["weeks"],
      figure: "number",
      of: [],
      direct: true,
    });
    expect(askedForOf("What's the minimum number of months of contributions before I apply?")).toEqual({
      words: ["months"],
      figure: "number",
      of: ["contributions"],
      direct: true,
    });
    expect(askedForOf("What is the total amount of damages?")).toEqual({
      words: ["damages"],
      figure: "amount",
      of: [],
      direct: true,
    });
    // "Is there ..." asks whether the text names the thing, wherever the question starts.
    expect(askedFor("Procurement wants to know: is there an application fee for members?")).toEqual([
      "application",
      "fee",
    ]);
    expect(askedFor("Is there any penalty for skipping a vote?")).toEqual(["penalty"]);
    expect(askedFor("Is there a limit on how many stanzas a file may hold?")).toEqual(["limit"]);
    expect(askedFor("Where is there a list of mirrors?")).toEqual(["list"]);
    // "number" without "of" is what is asked for, not a count.
    expect(askedForOf("What number should I call?")).toEqual({
      words: ["number"],
      figure: null,
      of: [],
      direct: true,
    });
  });
});

describe("statedFigures", () => {
  it("does not count the question's own figure, in words or digits, as the answer", () => {
    const stated = statedFigures("Past the two weeks, after how many more weeks are packages orphaned?");
    expect([...stated]).toEqual(["2"]);
    expect(givesFigure(["weeks"], "Fix it within 2 weeks or ask for help.", stated)).toBe(false);
    expect(givesFigure(["weeks"], "Fix it within 2 weeks; orphaned after 6 weeks.", stated)).toBe(true);
    expect(givesDuration("within two weeks", stated)).toBe(false);
    expect(givesDuration("within two weeks", new Set())).toBe(true);
  });
});

describe("givesFigure", () => {
  it("finds a number in digits or words near the word", () => {
    expect(givesFigure(["members"], "The committee has up to 8 members.")).toBe(true);
    expect(givesFigure(["members"], "It needs at least two of its members.")).toBe(true);
    expect(givesFigure(["fee"], "You may charge a fee for warranty or support.")).toBe(false);
  });

  it("does not read a clause number, a reference or 'one' as a figure", () => {
    expect(givesFigure(["license"], "1.8. License\n    means this document.")).toBe(false);
    expect(givesFigure(["notice"], "keep the notice required by section 4 intact")).toBe(false);
    expect(givesFigure(["notice"], "where the full notice is found. one line to give its name")).toBe(false);
  });

  it("reads a number far from the word as no figure of it", () => {
    expect(
      givesFigure(["weeks"], "weeks are long, and the release came after many years and then 3 more"),
    ).toBe(false);
  });
});

describe("how long", () => {
  it("asks for a length of time, whatever it is of", () => {
    expect(askedForOf("How long is the probation period?")).toEqual({
      words: [],
      figure: "duration",
      of: ["probation", "period"],
      direct: false,
    });
    expect(askedForOf("How long does the shortened process take for a returning developer?").of).toEqual([
      "shortened",
      "process",
      "take",
    ]);
    expect(askedForOf("After a warning, how long do I have to fix it?").figure).toBe("duration");
    expect(askedForOf("What is long about it, and how long?").figure).toBeNull();
  });

  it("finds a number, or a/one/few before a unit of time, and a number before a unit of length", () => {
    expect(givesDuration("cure the violation prior to 30 days after the notice")).toBe(true);
    expect(givesDuration("a copy must stay reachable for at least one year")).toBe(true);
    expect(givesDuration("it takes a few weeks")).toBe(true);
    expect(givesDuration("a back-cover text of up to 25 words")).toBe(true);
    expect(givesDuration("add a line to the changelog every day")).toBe(false);
    expect(givesDuration("the process is shortened for returning developers")).toBe(false);
  });
});

describe("a which-question that asks for its subject", () => {
  it("leaves out the verb the phrase runs on into, not a plural noun asked for", () => {
    expect(askedForOf("Which Debian team reviews new Perl module packages?").words).toEqual([
      "debian",
      "team",
    ]);
    expect(askedForOf("What share ownership counts as control?").words).toEqual(["share", "ownership"]);
    expect(askedForOf("Which Developer currently chairs the committee?").words).toEqual(["developer"]);
    // Followed by an auxiliary, a comma or a possessive's apostrophe, the "-s" word is a noun.
    expect(askedForOf("Which man page extensions should a module use?").words).toEqual([
      "man",
      "page",
      "extensions",
    ]);
    expect(askedForOf("Which export-control laws, for example the EAR, apply?").words).toEqual([
      "export-control",
      "laws",
    ]);
    expect(askedForOf("Which EU member states' laws does it list?").words).toEqual([
      "eu",
      "member",
      "states",
    ]);
  });
});
