import type { SettingsSectionId } from "@/config/settings-sections";
import { i18n } from "./i18n";

/** A Settings section's name in the interface's language. */
export function sectionLabel(id: SettingsSectionId): string {
  return i18n.t(`shell:settingsSections.${id}.label`);
}

/** What a Settings section holds, in the interface's language. */
export function sectionDescription(id: SettingsSectionId): string {
  return i18n.t(`shell:settingsSections.${id}.description`);
}
