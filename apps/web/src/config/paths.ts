/** Every route of seed §2 in one place; build links with getHref, never by hand. */
export const paths = {
  landing: { path: "/", getHref: () => "/" },
  login: {
    path: "/login",
    getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : "/login"),
  },
  home: { path: "/home", getHref: (tour = false) => (tour ? "/home?tour=true" : "/home") },
  dashboard: {
    path: "/dashboard",
    /** `ask`: a question for the assistant, asked as the page opens. */
    getHref: (ask?: string) => (ask ? `/dashboard?${new URLSearchParams({ ask }).toString()}` : "/dashboard"),
  },
  documents: {
    path: "/documents",
    getHref: (categoryId?: string) =>
      categoryId ? `/documents?category=${encodeURIComponent(categoryId)}` : "/documents",
  },
  approvals: { path: "/approvals", getHref: () => "/approvals" },
  upload: { path: "/upload", getHref: () => "/upload" },
  category: {
    path: "/category/:categoryId",
    getHref: (categoryId: string) => `/category/${encodeURIComponent(categoryId)}`,
  },
  document: {
    path: "/document/:id",
    /** `passage` opens the document at that passage (`#passage-N`, see features/document/lib/anchors). */
    getHref: (
      id: string,
      options: { expandSummary?: boolean; version?: number; passage?: number | undefined } = {},
    ) => {
      const query = new URLSearchParams();
      if (options.expandSummary) query.set("expand", "summary");
      if (options.version !== undefined) query.set("v", String(options.version));
      const search = query.toString();
      const hash = options.passage === undefined ? "" : `#passage-${options.passage}`;
      return `/document/${encodeURIComponent(id)}${search ? `?${search}` : ""}${hash}`;
    },
  },
  raw: { path: "/document/:id/raw", getHref: (id: string) => `/document/${encodeURIComponent(id)}/raw` },
  doc: { path: "/doc/:id", getHref: (id: string) => `/doc/${encodeURIComponent(id)}` },
  clean: { path: "/clean/:id", getHref: (id: string) => `/clean/${encodeURIComponent(id)}` },
  diff: {
    path: "/document/:documentId/diff/:fromVersion/:toVersion",
    getHref: (documentId: string, fromVersion: number, toVersion: number) =>
      `/document/${encodeURIComponent(documentId)}/diff/${fromVersion}/${toVersion}`,
  },
  search: {
    path: "/search",
    /** `q`: a search to run as the page opens. */
    getHref: (q?: string) => (q ? `/search?${new URLSearchParams({ q }).toString()}` : "/search"),
  },
  settings: { path: "/settings", getHref: () => "/settings" },
  /** A section of Settings (config/settings-sections.ts); `slug` may hold a slash ("categories/access"). */
  settingsSection: {
    path: "/settings/*",
    getHref: (slug: string) => `/settings/${slug.split("/").map(encodeURIComponent).join("/")}`,
  },
} as const;

/** C0 and C1 control characters and DEL: the URL parser drops tab and newlines ("/\t/x" is "//x"). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Where to go after sign-in. Only same-site relative paths are followed, so a crafted
 * `?next=https://evil.example` or `//evil.example` link cannot bounce a user off-site. The URL
 * parser's own reading is what is checked and returned: "/..//evil.example" has the path
 * "//evil.example", which a browser reads as another site.
 */
export function safeNextPath(
  next: string | null | undefined,
  fallback: string = paths.home.getHref(),
): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (CONTROL_CHARACTERS.test(next)) return fallback;
  try {
    const base = "http://quire.invalid";
    const url = new URL(next, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== base || url.pathname === paths.login.path || path.startsWith("//")) return fallback;
    // The API is no page to land on, and single sign-on's start refuses a next under it.
    if (url.pathname.startsWith("/api/")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
