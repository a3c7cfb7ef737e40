import { useSearchParams } from "wouter";
import type { DocumentStatus } from "@quire/contracts";
import { documentStatuses } from "@quire/contracts/document-values";
import type { DocumentListParams, DocumentSort } from "../api/get-documents";

export const DOCUMENTS_PAGE_SIZE = 20;

export type ListParams = {
  category: string | undefined;
  status: DocumentStatus | undefined;
  tag: string | undefined;
  owner: string | undefined;
  updatedFrom: string | undefined;
  updatedTo: string | undefined;
  sort: DocumentSort;
  page: number;
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: string | null, max: number) => value?.trim().slice(0, max) || undefined;
const day = (value: string | null) => (value && isoDay.test(value) ? value : undefined);

export function parseListParams(search: URLSearchParams): ListParams {
  const status = search.get("status");
  const page = Number(search.get("page"));
  return {
    category: text(search.get("category"), 64),
    status: documentStatuses.find((s) => s === status),
    tag: text(search.get("tag"), 100),
    owner: text(search.get("owner"), 64),
    updatedFrom: day(search.get("updatedFrom")),
    updatedTo: day(search.get("updatedTo")),
    sort: search.get("sort") === "title" ? "title" : "updated",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The request for one page of the list these parameters describe. */
export function documentsPageRequest(params: ListParams): DocumentListParams {
  const { category, status, tag, owner, updatedFrom, updatedTo, sort, page } = params;
  return { category, status, tag, owner, updatedFrom, updatedTo, sort, page, pageSize: DOCUMENTS_PAGE_SIZE };
}

/** The list's filters as a query string, defaults left out (the form saved views keep). */
export function listQueryString(params: ListParams): string {
  const next = new URLSearchParams();
  for (const key of ["category", "status", "tag", "owner", "updatedFrom", "updatedTo"] as const) {
    const value = params[key];
    if (value) next.set(key, value);
  }
  if (params.sort === "title") next.set("sort", "title");
  if (params.page > 1) next.set("page", String(params.page));
  return next.toString();
}

/**
 * Every filter, the sort and the page live in the URL (so a filtered list can be shared,
 * bookmarked and saved as a view, and survives a reload); changing a filter or the sort goes
 * back to the first page.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params = parseListParams(search);

  /** `replace` corrects the URL in place (no history entry), so Back does not return to it. */
  function update(changes: Partial<ListParams>, options?: { replace?: boolean }) {
    setSearch((previous) => {
      const merged = { ...parseListParams(previous), page: 1, ...changes };
      return new URLSearchParams(listQueryString(merged));
    }, options);
  }

  return { ...params, update };
}
