import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { AppAbilities } from "@quire/contracts";
import { paths } from "@/config/paths";

type LazyPage = {
  component: LazyExoticComponent<ComponentType>;
  /** Starts fetching the page's code before it is rendered (the same request React.lazy then waits on). */
  preload: () => Promise<unknown>;
  /** The page's component once its code is here, else null. */
  loaded: () => ComponentType | null;
};

/**
 * A value a module exports, fetched once (again after a failure) and then at hand without waiting:
 * a settled import still answers only after the work already queued, a long render included.
 */
export type Loader<T> = {
  load: () => Promise<T>;
  /** The value once it has arrived, else null. */
  now: () => T | null;
};

function loader<T>(load: () => Promise<T>): Loader<T> {
  let loading: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load: () =>
      (loading ??= load().then(
        (loaded) => {
          value = loaded;
          return loaded;
        },
        (error: unknown) => {
          // A failed download may be tried again (the next visit), as React.lazy alone would not.
          loading = null;
          throw error;
        },
      )),
    now: () => value,
  };
}

/** React.lazy wants a default export; our modules export named components (no default exports). */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  const page = loader(async () => (await load())[name]);
  return {
    component: lazy(async () => ({ default: await page.load() })),
    preload: page.load,
    loaded: page.now,
  };
}

/** Asks for a page's first data, for the address it opened on (its search string). */
export type FirstData = (client: QueryClient, search: string) => Promise<void>;

export type AppRoute = LazyPage & {
  path: string;
  /** The server ability the page needs; without it the page explains the refusal instead. */
  ability?: keyof AppAbilities;
  /**
   * Loads the function that asks for the page's first data; when the app opens on this page it
   * runs as soon as the session is known, so the data does not wait for the page's code.
   */
  firstData?: Loader<FirstData>;
};

/** Settings and each of its sections: one page, which reads the section from the address. */
const SettingsPage = lazyPage(() => import("@/features/settings/settings-page"), "SettingsPage");

/**
 * Routes inside the shared layout; each one is its own chunk, loaded when first visited (the page
 * the app opens on, at once: see EarlyPage in ./router.tsx).
 */
export const appRoutes: readonly AppRoute[] = [
  { path: paths.home.path, ...lazyPage(() => import("@/features/home/home-page"), "HomePage") },
  {
    path: paths.dashboard.path,
    ...lazyPage(() => import("@/features/dashboard/dashboard-page"), "DashboardPage"),
  },
  {
    path: paths.documents.path,
    ...lazyPage(() => import("@/features/documents/documents-page"), "DocumentsPage"),
    firstData: loader(
      async () => (await import("@/features/documents/api/prefetch-documents")).prefetchDocumentsPage,
    ),
  },
  {
    path: paths.category.path,
    ...lazyPage(() => import("@/features/documents/category-page"), "CategoryPage"),
  },
  {
    path: paths.approvals.path,
    ...lazyPage(() => import("@/features/approvals/approvals-page"), "ApprovalsPage"),
  },
  {
    path: paths.upload.path,
    ...lazyPage(() => import("@/features/upload/upload-page"), "UploadPage"),
    ability: "uploadDocuments",
  },
  {
    path: paths.search.path,
    ...lazyPage(() => import("@/features/search/search-page"), "SearchPage"),
  },
  { path: paths.diff.path, ...lazyPage(() => import("@/features/diff/diff-page"), "DiffPage") },
  { path: paths.raw.path, ...lazyPage(() => import("@/features/document/raw-page"), "RawPage") },
  {
    path: paths.document.path,
    ...lazyPage(() => import("@/features/document/document-page"), "DocumentPage"),
  },
  { path: paths.doc.path, ...lazyPage(() => import("@/features/document/clean-page"), "CleanPage") },
  {
    path: paths.clean.path,
    ...lazyPage(() => import("@/features/document/clean-page"), "CleanPage"),
  },
  { path: paths.settings.path, ...SettingsPage },
  { path: paths.settingsSection.path, ...SettingsPage },
];

/** Routes outside the layout. `/` and `/login` are public. */
export const LandingPage = lazyPage(() => import("@/features/landing/landing-page"), "LandingPage").component;
export const LoginPage = lazyPage(
  () => import("@/features/auth/components/login-page"),
  "LoginPage",
).component;
