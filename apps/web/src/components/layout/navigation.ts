import { CheckSquare, FileText, Home, LayoutDashboard, Search, type LucideIcon } from "lucide-react";
import type { FeatureName, Features } from "@quire/contracts";
import { paths } from "@/config/paths";
import { isSettingsPath, settingsSectionAt } from "@/config/settings-sections";

export type NavItem = {
  label: string;
  href: string;
  icon: LucideIcon;
  testId: string;
  /** Shown only while this Settings feature is on. */
  feature?: FeatureName;
};

/** Sidebar links, in the seed's order (§2 Shared layout). */
export const navItems: readonly NavItem[] = [
  { label: "Home", href: paths.home.getHref(), icon: Home, testId: "nav-home" },
  { label: "Dashboard", href: paths.dashboard.getHref(), icon: LayoutDashboard, testId: "nav-dashboard" },
  { label: "All Documents", href: paths.documents.getHref(), icon: FileText, testId: "nav-documents" },
  {
    label: "Approvals",
    href: paths.approvals.getHref(),
    icon: CheckSquare,
    testId: "nav-approvals",
    feature: "approvalWorkflows",
  },
  { label: "Search", href: paths.search.getHref(), icon: Search, testId: "nav-search" },
];

/** The sidebar links for the organisation's feature toggles. */
export function visibleNavItems(features: Features): NavItem[] {
  return navItems.filter((item) => !item.feature || features[item.feature]);
}

const pageTitles: Record<string, string> = {
  [paths.home.path]: "Home",
  [paths.dashboard.path]: "Dashboard",
  [paths.documents.path]: "All Documents",
  [paths.upload.path]: "Upload Documents",
  [paths.search.path]: "Search",
  [paths.approvals.path]: "Approvals",
  [paths.settings.path]: "Settings",
};

/**
 * Breadcrumb title of seed §2: the named pages, and 'Document' for every other page. A section of
 * Settings is still the Settings page; breadcrumbTrail names the section after it.
 */
export function pageTitle(pathname: string): string {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (isSettingsPath(normalised)) return "Settings";
  return pageTitles[normalised] ?? "Document";
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
  return [{ label: title, href: paths.settings.getHref() }, { label: section.label }];
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
