import { describe, expect, it } from "vitest";
import { acceptsWaitlistEmail, showScrollTop, typedPrefix } from "./landing-logic";

describe("landing logic", () => {
  it("accepts a waitlist value only with an @ (seed §5)", () => {
    expect(acceptsWaitlistEmail("ada@example.com")).toBe(true);
    expect(acceptsWaitlistEmail("ada.example.com")).toBe(false);
    expect(acceptsWaitlistEmail("")).toBe(false);
  });

  it("shows scroll-to-top only past 500 px", () => {
    expect(showScrollTop(500)).toBe(false);
    expect(showScrollTop(501)).toBe(true);
  });

  it("types 50 ms a character", () => {
    expect(typedPrefix("Quire", 0)).toBe("");
    expect(typedPrefix("Quire", 149)).toBe("Qu");
    expect(typedPrefix("Quire", 10_000)).toBe("Quire");
  });
});
