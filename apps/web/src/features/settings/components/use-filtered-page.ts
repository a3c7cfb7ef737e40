import { useState } from "react";
import { pageOf, type ListPage } from "@/lib/paging";
import { filterList } from "../lib/list-filter";

/** Settings' long lists (users, groups) show this many a page. */
export const SETTINGS_PAGE_SIZE = 10;

/**
 * A list held whole in the client, narrowed by a typed filter and cut into pages. A new filter
 * goes back to page 1, since the page the person was on may not exist among fewer matches.
 */
export function useFilteredPage<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  pageSize = SETTINGS_PAGE_SIZE,
): {
  query: string;
  setQuery: (query: string) => void;
  current: ListPage<T>;
  setPage: (page: number) => void;
} {
  const [query, setQueryState] = useState("");
  const [page, setPage] = useState(1);
  const setQuery = (next: string) => {
    setQueryState(next);
    setPage(1);
  };
  const current = pageOf(filterList(items, query, textOf), page, pageSize);
  return { query, setQuery, current, setPage };
}
