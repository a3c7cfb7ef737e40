import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { AppAbilities } from "@quire/contracts";
import { paths } from "@/config/paths";

/** React.lazy wants a default export; our modules export named components (no default exports). */
function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

export type AppRoute = {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** The server ability the page needs; without it the page explains the refusal instead. */
  ability?: keyof AppAbilities;
};

/** Settings and each of its sections: one page, which reads the section from the address. */
const SettingsPage = lazyPage(() => import("@/features/settings/settings-page"), "SettingsPage");

/** Routes inside the shared layout; each one is its own chunk, loaded when first visited. */
export const appRoutes: readonly AppRoute[] = [
  { path: paths.home.path, component: lazyPage(() => import("@/features/home/home-page"), "HomePage") },
  {
    path: paths.dashboard.path,
    component: lazyPage(() => import("@/features/dashboard/dashboard-page"), "DashboardPage"),
  },
  {
    path: paths.documents.path,
    component: lazyPage(() => import("@/features/documents/documents-page"), "DocumentsPage"),
  },
  {
    path: paths.category.path,
    component: lazyPage(() => import("@/features/documents/category-page"), "CategoryPage"),
  },
  {
    path: paths.approvals.path,
    component: lazyPage(() => import("@/features/approvals/approvals-page"), "ApprovalsPage"),
  },
  {
    path: paths.upload.path,
    component: lazyPage(() => import("@/features/upload/upload-page"), "UploadPage"),
    ability: "uploadDocuments",
  },
  {
    path: paths.search.path,
    component: lazyPage(() => import("@/features/search/search-page"), "SearchPage"),
  },
  { path: paths.diff.path, component: lazyPage(() => import("@/features/diff/diff-page"), "DiffPage") },
  { path: paths.raw.path, component: lazyPage(() => import("@/features/document/raw-page"), "RawPage") },
  {
    path: paths.document.path,
    component: lazyPage(() => import("@/features/document/document-page"), "DocumentPage"),
  },
  { path: paths.doc.path, component: lazyPage(() => import("@/features/document/clean-page"), "CleanPage") },
  {
    path: paths.clean.path,
    component: lazyPage(() => import("@/features/document/clean-page"), "CleanPage"),
  },
  { path: paths.settings.path, component: SettingsPage },
  { path: paths.settingsSection.path, component: SettingsPage },
];

/** Routes outside the layout. `/` and `/login` are public. */
export const LandingPage = lazyPage(() => import("@/features/landing/landing-page"), "LandingPage");
export const LoginPage = lazyPage(() => import("@/features/auth/components/login-page"), "LoginPage");
