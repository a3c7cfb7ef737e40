import type { AppAbilities } from "@quire/contracts";
import { paths } from "./paths";

export type SettingsSectionId =
  | "general"
  | "account"
  | "users"
  | "category-access"
  | "document-control"
  | "ingestion"
  | "audit"
  | "public-contact";

export type SettingsSection = {
  id: SettingsSectionId;
  /**
   * The English name and description, for tests run outside the browser; the interface shows the
   * settings catalogue's (lib/settings-section-text.ts), which a unit test keeps equal in English.
   */
  label: string;
  /** One line under the page title, saying what the section holds. */
  description: string;
  href: string;
  /**
   * The server ability every card of the section needs. Without it the section is left out of the
   * navigation and its address explains the refusal, as the server refuses the cards' requests.
   */
  ability?: keyof AppAbilities;
};

/**
 * Settings, one address per section, in the navigation's order. `/settings` itself is General: the
 * seed's Settings page (organisation, features, notifications, role, appearance, users, system);
 * what Quire adds beyond it has a section of its own.
 */
export const settingsSections: readonly SettingsSection[] = [
  {
    id: "general",
    label: "General",
    description: "Organization, features, notifications, your role and appearance",
    href: paths.settings.getHref(),
  },
  {
    id: "account",
    label: "Account",
    description: "Your language, your API tokens and who acts for you while you are away",
    href: paths.settingsSection.getHref("account"),
  },
  {
    id: "users",
    label: "Users & Groups",
    description: "Accounts, roles and the groups that access is given to",
    href: paths.settingsSection.getHref("users"),
    ability: "manageUsers",
  },
  {
    id: "category-access",
    label: "Category Access",
    description: "Who may view or edit each category, and how approvals are signed",
    href: paths.settingsSection.getHref("categories/access"),
    ability: "manageCategories",
  },
  {
    id: "document-control",
    label: "Document Control",
    description: "Approval stages and periodic review for each category",
    href: paths.settingsSection.getHref("document-control"),
    ability: "manageCategories",
  },
  {
    id: "ingestion",
    label: "Ingestion",
    description: "The watched folder, mail accounts and the languages OCR reads",
    href: paths.settingsSection.getHref("ingestion"),
    ability: "manageIngestion",
  },
  {
    id: "audit",
    label: "Audit",
    description: "Who did what, filtered and exported",
    href: paths.settingsSection.getHref("audit"),
    ability: "readActivity",
  },
  {
    id: "public-contact",
    label: "Public Contact",
    description: "The contact details the landing page publishes",
    href: paths.settingsSection.getHref("public-contact"),
    ability: "manageSettings",
  },
];

/** The sections the signed-in user may open, in order. */
export function visibleSettingsSections(abilities: AppAbilities): SettingsSection[] {
  return settingsSections.filter((section) => !section.ability || abilities[section.ability]);
}

/**
 * The section at `pathname` (a trailing slash and letter case ignored, as the router ignores
 * them), or undefined for an address under /settings that names no section.
 */
export function settingsSectionAt(pathname: string): SettingsSection | undefined {
  const normalised = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase();
  return settingsSections.find((section) => section.href === normalised);
}

/** Whether `pathname` is Settings or lies beneath it. */
export function isSettingsPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === paths.settings.path || lower.startsWith(`${paths.settings.path}/`);
}

/** The address of a section, for links to it. */
export function settingsHref(id: SettingsSectionId): string {
  return settingsSections.find((section) => section.id === id)?.href ?? paths.settings.getHref();
}
