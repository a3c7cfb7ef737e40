import type { ListPage } from "@/lib/paging";

/**
 * Which part of a filtered, paged Settings list is on screen ("Showing 11–20 of 67 users"), or
 * that nothing matches the filter; announced politely as the filter or the page changes.
 */
export function ListStatus<T>({
  page,
  query,
  noun,
  testId,
}: {
  page: ListPage<T>;
  query: string;
  noun: string;
  testId: string;
}) {
  const filter = query.trim();
  const text =
    page.total === 0
      ? `No ${noun} match “${filter}”.`
      : `Showing ${page.first}–${page.last} of ${page.total} ${noun}${filter ? ` matching “${filter}”` : ""}`;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={testId}>
      {text}
    </p>
  );
}
