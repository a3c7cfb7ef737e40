/** Every route of seed §2 in one place; build links with getHref, never by hand. */
export const paths = {
  landing: { path: "/", getHref: () => "/" },
  login: {
    path: "/login",
    getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : "/login"),
  },
  home: { path: "/home", getHref: (tour = false) => (tour ? "/home?tour=true" : "/home") },
  dashboard: { path: "/dashboard", getHref: () => "/dashboard" },
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
  search: { path: "/search", getHref: () => "/search" },
  settings: { path: "/settings", getHref: () => "/settings" },
} as const;

/**
 * Where to go after sign-in. Only same-site relative paths are followed, so a crafted
 * `?next=https://evil.example` or `//evil.example` link cannot bounce a user off-site.
 */
export function safeNextPath(
  next: string | null | undefined,
  fallback: string = paths.home.getHref(),
): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  try {
    const base = "http://quire.invalid";
    const url = new URL(next, base);
    if (url.origin !== base || url.pathname === paths.login.path) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
