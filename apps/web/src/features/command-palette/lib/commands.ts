import type { AppAbilities, Features } from "@quire/contracts";
import { visibleNavItems } from "@/components/layout/navigation";
import { paths } from "@/config/paths";
import { visibleSettingsSections } from "@/config/settings-sections";
import { i18n } from "@/lib/i18n";
import { sectionDescription, sectionLabel } from "@/lib/settings-section-text";
import "../locale";

export type PageCommand = {
  /** Unique among the palette's items; cmdk selects by it. */
  value: string;
  label: string;
  href: string;
  group: "Pages" | "Settings";
  /** Other words a person may type for it. */
  keywords: readonly string[];
};

/**
 * Other words a person may type, in English and in the interface's language: someone used to the
 * English names still finds the page in German.
 */
function words(key: "palette:keywords.upload" | "palette:keywords.settings"): string[] {
  const english = i18n.t(key, { lng: "en" }).split(" ");
  const shown = i18n.t(key).split(" ");
  return [...new Set([...english, ...shown])];
}

/**
 * The pages the palette offers: the sidebar's (as the organisation's features show them), Upload
 * for a role that may upload, and each section of Settings the role may open. Nothing the role
 * would be refused is offered.
 */
export function pageCommands(abilities: AppAbilities, features: Features): PageCommand[] {
  const pages: PageCommand[] = visibleNavItems(features).map((item) => ({
    value: `page:${item.href}`,
    label: i18n.t(`shell:${item.labelKey}`),
    href: item.href,
    group: "Pages",
    keywords: [],
  }));
  if (abilities.uploadDocuments)
    pages.push({
      value: `page:${paths.upload.getHref()}`,
      label: i18n.t("shell:pageTitles.upload"),
      href: paths.upload.getHref(),
      group: "Pages",
      keywords: words("palette:keywords.upload"),
    });
  const settings: PageCommand[] = visibleSettingsSections(abilities).map((section) => ({
    value: `page:${section.href}`,
    label:
      section.id === "general"
        ? i18n.t("shell:pageTitles.settings")
        : i18n.t("palette:settingsSection", { section: sectionLabel(section.id) }),
    href: section.href,
    group: "Settings",
    keywords: [...words("palette:keywords.settings"), sectionDescription(section.id)],
  }));
  return [...pages, ...settings];
}

/**
 * The commands whose label or keywords hold every word typed (any case, any order), in their own
 * order: a short list a person scans, where a fuzzy ranking would move items under the pointer.
 */
export function matchCommands(commands: readonly PageCommand[], query: string): PageCommand[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const text = [command.label, ...command.keywords].join(" ").toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Where a search typed in the palette goes: the Search page, which runs it. */
export function searchHref(query: string): string {
  return paths.search.getHref(query.trim());
}

/** Where a question typed in the palette goes: the assistant on the Dashboard, which asks it. */
export function askHref(question: string): string {
  return paths.dashboard.getHref(question.trim());
}
