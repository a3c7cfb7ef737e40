import { useSearchParams } from "wouter";
import { documentStatuses, type DocumentStatus } from "@quire/contracts";
import type { DocumentSort } from "../api/get-documents";

export const DOCUMENTS_PAGE_SIZE = 20;

export type ListParams = { status: DocumentStatus | undefined; sort: DocumentSort; page: number };

export function parseListParams(search: URLSearchParams): ListParams {
  const status = search.get("status");
  const page = Number(search.get("page"));
  return {
    status: documentStatuses.find((s) => s === status),
    sort: search.get("sort") === "title" ? "title" : "updated",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * Status, sort and page live in the URL (so a filtered list can be shared and survives a reload);
 * changing the filter or the sort goes back to the first page.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseListParams(search);

  function update(changes: Partial<ListParams>) {
    setSearch((previous) => {
      const next = new URLSearchParams(previous);
      const merged = { ...parseListParams(previous), page: 1, ...changes };
      if (merged.status) next.set("status", merged.status);
      else next.delete("status");
      if (merged.sort === "title") next.set("sort", "title");
      else next.delete("sort");
      if (merged.page > 1) next.set("page", String(merged.page));
      else next.delete("page");
      return next;
    });
  }

  return { ...params, category: search.get("category") ?? undefined, update };
}
