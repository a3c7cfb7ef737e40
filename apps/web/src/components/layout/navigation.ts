import { CheckSquare, FileText, Home, LayoutDashboard, Search, type LucideIcon } from "lucide-react";
import type { FeatureName, Features } from "@quire/contracts";
import { paths } from "@/config/paths";
import { isSettingsPath, settingsSectionAt } from "@/config/settings-sections";
import { i18n } from "@/lib/i18n";
import { sectionLabel } from "@/lib/settings-section-text";

export type NavItem = {
  /** The link's name in the shell catalogue. */
  labelKey: `nav.${"home" | "dashboard" | "documents" | "approvals" | "search"}`;
  href: string;
  icon: LucideIcon;
  testId: string;
  /** Shown only while this Settings feature is on. */
  feature?: FeatureName;
};

/** Sidebar links, in the seed's order (§2 Shared layout). */
export const navItems: readonly NavItem[] = [
  { labelKey: "nav.home", href: paths.home.getHref(), icon: Home, testId: "nav-home" },
  {
    labelKey: "nav.dashboard",
    href: paths.dashboard.getHref(),
    icon: LayoutDashboard,
    testId: "nav-dashboard",
  },
  { labelKey: "nav.documents", href: paths.documents.getHref(), icon: FileText, testId: "nav-documents" },
  {
    labelKey: "nav.approvals",
    href: paths.approvals.getHref(),
    icon: CheckSquare,
    testId: "nav-approvals",
    feature: "approvalWorkflows",
  },
  { labelKey: "nav.search", href: paths.search.getHref(), icon: Search, testId: "nav-search" },
];

/** The sidebar links for the organisation's feature toggles. */
export function visibleNavItems(features: Features): NavItem[] {
  return navItems.filter((item) => !item.feature || features[item.feature]);
}

type PageTitleKey = "home" | "dashboard" | "documents" | "upload" | "search" | "approvals" | "settings";
const pageTitles: Record<string, PageTitleKey> = {
  [paths.home.path]: "home",
  [paths.dashboard.path]: "dashboard",
  [paths.documents.path]: "documents",
  [paths.upload.path]: "upload",
  [paths.search.path]: "search",
  [paths.approvals.path]: "approvals",
  [paths.settings.path]: "settings",
};

/**
 * Breadcrumb title of seed §2: the named pages, and 'Document' for every other page. A section of
 * Settings is still the Settings page; breadcrumbTrail names the section after it. In the
 * interface's current language.
 */
export function pageTitle(pathname: string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const key = isSettingsPath(normalised) ? "settings" : (pageTitles[normalised] ?? "document");
  return i18n.t(`shell:pageTitles.${key}`);
}

export type Crumb = { label: string; href?: string };

/**
 * The breadcrumb after Home: the page title, and for a section of Settings other than the first,
 * 'Settings' as a link followed by the section's name ('Home > Settings > Audit').
 */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const title = pageTitle(pathname);
  if (!isSettingsPath(pathname)) return [{ label: title }];
  const section = settingsSectionAt(pathname);
  if (!section || section.href === paths.settings.getHref()) return [{ label: title }];
  return [{ label: title, href: paths.settings.getHref() }, { label: sectionLabel(section.id) }];
}

/** A link is current on its own page and on pages beneath it. */
export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

const dotClasses: Record<string, string> = {
  blue: "bg-blue-500",
  green: "bg-green-500",
  purple: "bg-purple-500",
  orange: "bg-orange-500",
  red: "bg-red-500",
  gray: "bg-gray-500",
};

/** Category dot colour (seed §2); anything unknown is gray. */
export function categoryDotClass(color: string): string {
  return dotClasses[color] ?? "bg-gray-500";
}
