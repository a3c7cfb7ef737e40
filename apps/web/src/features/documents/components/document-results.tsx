import { useDeferredValue, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import type { DocumentPage } from "../api/get-documents";
import { DOCUMENTS_PAGE_SIZE } from "../hooks/use-list-params";
import type { DocumentsView } from "../hooks/use-documents-view";
import { DocumentList, DocumentListSkeleton, EmptyDocuments, type ListSelection } from "./documents-list";
import { Pagination, useListTop } from "@/components/pagination";
import { ErrorNotice } from "@/components/error-notice";
import "../locale";

/** The list part both All Documents and Category share: skeleton, error, empty state, cards, paging. */
export function DocumentResults(props: {
  query: UseQueryResult<DocumentPage>;
  page: number;
  emptyMessage: string;
  showCategory?: boolean;
  /** Cards in a column, or a grid of first pages. */
  view?: DocumentsView;
  /** Checkboxes on the cards, and what goes above the list (select this page, select all). */
  selection?: ListSelection;
  selectionHeader?: ReactNode;
  /** `replace`: correcting a page past the end, which must not stay in the history (Back would bounce). */
  onPage(next: number, options?: { replace?: boolean }): void;
}) {
  const { t } = useTranslation("documents");
  const { query, page, onPage } = props;
  const [listTop, revealListTop] = useListTop<HTMLDivElement>();
  const lastPage = pastTheEnd(query, page);
  // The cards are rendered in the background: React builds them in short slices with the page
  // responsive between them, and puts them in all at once; the skeleton (or the page before)
  // stays until then. Rendered with the answer's arrival, twenty cards held the main thread in
  // one long task.
  const items = useDeferredValue(query.data?.items ?? null, null);
  // A page past the end (a bookmarked ?page=3, or the last page after its only document was
  // archived) would say "Get started by uploading" under "26 documents": go to the last page.
  useEffect(() => {
    if (lastPage !== null) onPage(lastPage, { replace: true });
  }, [lastPage, onPage]);
  if (query.isPending || lastPage !== null) return <DocumentListSkeleton view={props.view} />;
  if (query.isError) {
    return <ErrorNotice error={query.error} fallback={t("loadFailed")} />;
  }
  if (query.data.items.length === 0) return <EmptyDocuments message={props.emptyMessage} />;
  if (items === null) return <DocumentListSkeleton view={props.view} />;
  return (
    <div ref={listTop} className="scroll-mt-4 space-y-6">
      {props.selectionHeader}
      <DocumentList
        documents={items}
        {...(props.view ? { view: props.view } : {})}
        {...(props.showCategory === false ? { showCategory: false } : {})}
        {...(props.selection ? { selection: props.selection } : {})}
      />
      <Pagination
        page={props.page}
        pageSize={DOCUMENTS_PAGE_SIZE}
        total={query.data.total}
        onPage={(next) => {
          onPage(next);
          revealListTop();
        }}
      />
    </div>
  );
}

/** The last page with documents when `page` is past it (and the answer is for this page), else null. */
function pastTheEnd(query: UseQueryResult<DocumentPage>, page: number): number | null {
  if (!query.isSuccess || query.isPlaceholderData || page <= 1) return null;
  const { items, total } = query.data;
  if (items.length > 0 || total === 0) return null;
  const last = Math.max(1, Math.ceil(total / DOCUMENTS_PAGE_SIZE));
  // Only forward to an earlier page, so a count that disagrees with its list cannot loop.
  return page > last ? last : null;
}
