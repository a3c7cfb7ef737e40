import { describe, expect, it } from "vitest";
import { askedBoundOf, givesBound } from "./asked-bounds";

describe("askedBoundOf", () => {
  it("reads the bound a figure question asks for", () => {
    expect(askedBoundOf("What's the maximum number of members on the Technical Committee?")).toEqual({
      bound: "upper",
      word: "maximum",
    });
    expect(askedBoundOf("How many members can the committee have at most?")?.bound).toBe("upper");
    expect(askedBoundOf("Is there a limit on how many Files stanzas a file may contain?")).toEqual({
      bound: "upper",
      word: "limit",
    });
    expect(askedBoundOf("What is the minimum discussion period before a vote?")?.bound).toBe("lower");
    expect(askedBoundOf("What is the shortest discussion period a resolution can have?")?.bound).toBe(
      "lower",
    );
  });

  it("reads none where no figure is asked, or a limit is not asked for", () => {
    expect(askedBoundOf("Do I need at least one advocate?")).toBeNull();
    expect(askedBoundOf("How long must a member serve before the term limit can end their term?")).toBeNull();
    expect(askedBoundOf("How many members does the committee have?")).toBeNull();
  });
});

describe("givesBound", () => {
  it("finds a number written as a bound of the side asked", () => {
    expect(givesBound("The Technical Committee consists of up to 8 Developers.", "upper")).toBe(true);
    expect(givesBound("The key length must be greater than 2048 bits.", "lower")).toBe(true);
    expect(givesBound("The minimum discussion period is 2 weeks.", "lower")).toBe(true);
    expect(givesBound("Entries of 80 characters or fewer.", "upper")).toBe(true);
  });

  it("does not read a bound of the other side, a reference or a stated number as one", () => {
    expect(givesBound("The file consists of two or more stanzas.", "upper")).toBe(false);
    expect(givesBound("It must be no less than 3 weeks.", "upper")).toBe(false);
    expect(givesBound("It must be no less than 3 weeks.", "lower")).toBe(true);
    expect(givesBound("Licensed under the GPL, version 2 or later.", "upper")).toBe(false);
    expect(givesBound("Up to 8 members.", "upper", { stated: new Set(["8"]) })).toBe(false);
  });

  it("reads 'no limit' as an answer only of the thing asked about", () => {
    const asked = new Set(["stanza", "file"]);
    expect(givesBound("A file may hold any number of stanzas.", "upper", { asked })).toBe(true);
    expect(givesBound("The star matches any number of characters.", "upper", { asked })).toBe(false);
  });
});
