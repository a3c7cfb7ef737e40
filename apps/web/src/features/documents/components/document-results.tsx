import type { UseQueryResult } from "@tanstack/react-query";
import type { DocumentPage } from "../api/get-documents";
import { DOCUMENTS_PAGE_SIZE } from "../hooks/use-list-params";
import { DocumentList, DocumentListSkeleton, EmptyDocuments, Pagination } from "./documents-list";
import { ErrorNotice } from "@/components/error-notice";

/** The list part both All Documents and Category share: skeleton, error, empty state, cards, paging. */
export function DocumentResults(props: {
  query: UseQueryResult<DocumentPage>;
  page: number;
  emptyMessage: string;
  showCategory?: boolean;
  onPage(next: number): void;
}) {
  const { query } = props;
  if (query.isPending) return <DocumentListSkeleton />;
  if (query.isError) {
    return <ErrorNotice error={query.error} fallback="The documents could not be loaded." />;
  }
  if (query.data.items.length === 0) return <EmptyDocuments message={props.emptyMessage} />;
  return (
    <>
      <DocumentList
        documents={query.data.items}
        {...(props.showCategory === false ? { showCategory: false } : {})}
      />
      <Pagination
        page={props.page}
        pageSize={DOCUMENTS_PAGE_SIZE}
        total={query.data.total}
        onPage={props.onPage}
      />
    </>
  );
}
