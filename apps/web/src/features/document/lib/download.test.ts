import { describe, expect, it } from "vitest";
import { originalUrl, textFileName } from "./download";

describe("textFileName", () => {
  it("replaces every non-alphanumeric character of the title with an underscore (seed §2)", () => {
    expect(textFileName("Expense Policy")).toBe("Expense_Policy.txt");
    expect(textFileName("Q3 2026: Budget/Review (v2)")).toBe("Q3_2026__Budget_Review__v2_.txt");
    expect(textFileName("Café – naïve")).toBe("Caf____na_ve.txt");
  });

  it("adds _raw for the raw page", () => {
    expect(textFileName("Expense Policy", "_raw")).toBe("Expense_Policy_raw.txt");
  });

  it("builds the original's URL with the id escaped", () => {
    expect(originalUrl("a/b", 3)).toBe("/api/documents/a%2Fb/versions/3/original");
    expect(originalUrl("a/b", 3, "view")).toBe("/api/documents/a%2Fb/versions/3/original?purpose=view");
  });
});
