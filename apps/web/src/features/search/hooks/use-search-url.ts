import { useSearchParams } from "wouter";
import { documentStatuses } from "@quire/contracts";
import type { SearchParams } from "../api/search-documents";

/**
 * The submitted search lives in the URL (?q=&category=&status=&meaning=1), so a search can be
 * bookmarked or shared and the back button returns to the previous one. Only a submit or a
 * suggestion click writes it (seed §2: the search runs on demand, not while typing).
 */
export function parseSearchUrl(search: URLSearchParams): SearchParams | null {
  const q = (search.get("q") ?? "").trim().slice(0, 500);
  if (!q) return null;
  const status = search.get("status");
  return {
    q,
    category: search.get("category") || undefined,
    status: documentStatuses.find((s) => s === status),
    byMeaning: search.get("meaning") === "1",
  };
}

export function searchUrlQuery(params: SearchParams): string {
  const query = new URLSearchParams({ q: params.q });
  if (params.category) query.set("category", params.category);
  if (params.status) query.set("status", params.status);
  if (params.byMeaning) query.set("meaning", "1");
  return query.toString();
}

export function useSearchUrl() {
  const [search, setSearch] = useSearchParams();
  const submitted = parseSearchUrl(search);
  /** Pushes a history entry, so Back returns to the search before. */
  const submit = (params: SearchParams) => setSearch(new URLSearchParams(searchUrlQuery(params)));
  return { submitted, submit, key: search.toString() };
}
