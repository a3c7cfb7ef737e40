import { describe, expect, it } from "vitest";
import { isRole, roles } from "./auth";

describe("isRole", () => {
  it("accepts each role as written and nothing else", () => {
    for (const role of roles) expect(isRole(role)).toBe(true);
    for (const other of ["admin", "Owner", "", " Author"]) expect(isRole(other)).toBe(false);
  });
});
