/** One page of a list held whole in the client: its items, and the page clamped to those that exist. */
export type ListPage<T> = { items: T[]; page: number; first: number; last: number; total: number };

/**
 * Page `page` (1-based) of `items`, `pageSize` a page. A page past the end (a bookmarked ?page=9,
 * or the last page after its only item left the filter) shows the last page instead of nothing;
 * `first` and `last` are 1-based positions for "Showing 11–20 of 57" (0 and 0 when empty).
 */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): ListPage<T> {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const start = (current - 1) * pageSize;
  const slice = items.slice(start, start + pageSize);
  return {
    items: slice,
    page: current,
    first: slice.length > 0 ? start + 1 : 0,
    last: start + slice.length,
    total: items.length,
  };
}
