import { describe, expect, it } from "vitest";
import { createCategoryBodySchema } from "./categories";
import { createGroupBodySchema } from "./access";
import { normaliseName } from "./names";

describe("names of groups and categories", () => {
  it("drop what shows nothing or only reorders the text, and fold compatibility forms", () => {
    expect(normaliseName("Va\u200Bult")).toBe("Vault"); // zero-width space
    expect(normaliseName("Vau\u00ADlt")).toBe("Vault"); // soft hyphen
    expect(normaliseName("\u202EVault\u202C")).toBe("Vault"); // right-to-left override and pop
    expect(normaliseName("Va\u2060u\uFEFFlt\u200D")).toBe("Vault"); // word joiner, BOM, joiner
    expect(normaliseName("\uFF36\uFF41\uFF55\uFF4C\uFF54")).toBe("Vault"); // full-width
    expect(normaliseName("  HR \t\u00A0 Team\n")).toBe("HR Team");
    // Letters of other scripts stay: telling them apart by sight is the server's confusable check.
    expect(normaliseName("V\u0430ult")).toBe("V\u0430ult");
  });

  it("are stored normalised, and a name of nothing but invisible characters is refused", () => {
    expect(createGroupBodySchema.parse({ name: "Va\u200Bult" }).name).toBe("Vault");
    expect(createCategoryBodySchema.parse({ name: "\u202EVault" }).name).toBe("Vault");
    expect(createGroupBodySchema.safeParse({ name: "\u200B\u00AD\u202E" }).success).toBe(false);
  });
});
