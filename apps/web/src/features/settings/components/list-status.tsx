import { useTranslation } from "react-i18next";
import { formatCount } from "@/lib/format";
import type { ListPage } from "@/lib/paging";
import "../locale";

/** What a Settings list counts; each names its own sentences under `listStatus.<noun>`. */
export type ListNoun = "users" | "accounts" | "groups";

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
  noun: ListNoun;
  testId: string;
}) {
  const { t } = useTranslation("settings");
  const filter = query.trim();
  const range = {
    count: page.total,
    first: formatCount(page.first),
    last: formatCount(page.last),
    n: formatCount(page.total),
    filter,
  };
  const text =
    page.total === 0
      ? t(`listStatus.${noun}.none`, { filter })
      : filter
        ? t(`listStatus.${noun}.showingMatching`, range)
        : t(`listStatus.${noun}.showing`, range);
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={testId}>
      {text}
    </p>
  );
}
