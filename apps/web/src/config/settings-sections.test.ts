import { describe, expect, it } from "vitest";
import { abilitiesFor } from "@/test/fixtures";
import {
  isSettingsPath,
  settingsHref,
  settingsSectionAt,
  settingsSections,
  visibleSettingsSections,
} from "./settings-sections";

const ids = (list: readonly { id: string }[]) => list.map((section) => section.id);

describe("settings sections", () => {
  it("give each section its own address under /settings, General at /settings itself", () => {
    const hrefs = settingsSections.map((section) => section.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(settingsHref("general")).toBe("/settings");
    expect(settingsHref("category-access")).toBe("/settings/categories/access");
    for (const href of hrefs) expect(isSettingsPath(href)).toBe(true);
  });

  it("find the section at an address, ignoring a trailing slash and case, and none for an unknown one", () => {
    expect(settingsSectionAt("/settings")?.id).toBe("general");
    expect(settingsSectionAt("/settings/")?.id).toBe("general");
    expect(settingsSectionAt("/settings/audit")?.id).toBe("audit");
    expect(settingsSectionAt("/Settings/Audit/")?.id).toBe("audit");
    expect(settingsSectionAt("/settings/categories/access")?.id).toBe("category-access");
    expect(settingsSectionAt("/settings/categories")).toBeUndefined();
    expect(settingsSectionAt("/settings/nope")).toBeUndefined();
    expect(isSettingsPath("/settingsx")).toBe(false);
  });

  it("list every section for an Admin and only the ones a role can use otherwise", () => {
    expect(ids(visibleSettingsSections(abilitiesFor("Admin")))).toEqual(ids(settingsSections));
    for (const role of ["Author", "Reviewer", "Approver", "Viewer"] as const)
      expect(ids(visibleSettingsSections(abilitiesFor(role)))).toEqual(["general", "account"]);
    // A section follows its ability, not the role's name.
    expect(ids(visibleSettingsSections(abilitiesFor("Author", { readActivity: true })))).toEqual([
      "general",
      "account",
      "audit",
    ]);
  });
});
