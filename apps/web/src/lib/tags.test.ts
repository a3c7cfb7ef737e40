import { describe, expect, it } from "vitest";
import { parseTags } from "./tags";

describe("parseTags", () => {
  it("splits on commas, trims, drops empty and repeated tags, in lower case as the server stores them", () => {
    expect(parseTags(" policy, HR ,, hr, Policy ,remote ")).toEqual(["policy", "hr", "remote"]);
  });
  it("answers no tags for blank text", () => {
    expect(parseTags("  ,  ")).toEqual([]);
  });
});
