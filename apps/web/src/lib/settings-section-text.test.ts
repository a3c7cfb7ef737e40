import { describe, expect, it } from "vitest";
import { settingsSections } from "@/config/settings-sections";
import { sectionDescription, sectionLabel } from "./settings-section-text";

describe("Settings sections' names", () => {
  it("in English are the ones the section list gives (browser tests match them)", () => {
    for (const section of settingsSections) {
      expect(sectionLabel(section.id)).toBe(section.label);
      expect(sectionDescription(section.id)).toBe(section.description);
    }
  });
});
