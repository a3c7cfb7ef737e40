import { PageHeader } from "@/components/page-header";
import { useCategories } from "@/lib/api/categories";
import { useDocuments } from "./api/get-documents";
import { DocumentFilters } from "./components/document-filters";
import { DocumentResults } from "./components/document-results";
import { MoreFilters } from "./components/more-filters";
import { PhoneFilters } from "./components/phone-filters";
import { SavedViews } from "./components/saved-views";
import { DOCUMENTS_PAGE_SIZE, listQueryString, useListParams } from "./hooks/use-list-params";
import { UploadButton } from "@/components/documents/upload-button";

/** Seed §2 All Documents, with the optional ?category= filter. */
export function DocumentsPage() {
  const params = useListParams();
  const { category, status, tag, owner, updatedFrom, updatedTo, sort, page, update } = params;
  const categories = useCategories();
  const categoryName = category ? categories.data?.find((c) => c.id === category)?.name : undefined;
  const query = useDocuments({
    category,
    status,
    tag,
    owner,
    updatedFrom,
    updatedTo,
    sort,
    page,
    pageSize: DOCUMENTS_PAGE_SIZE,
  });
  const filtered = Boolean(category || status || tag || owner || updatedFrom || updatedTo);
  const moreFilters = [category, tag, owner, updatedFrom, updatedTo].filter(Boolean).length;

  return (
    <div className="space-y-6" data-testid="documents-page">
      <DocumentsHeader total={query.data?.total} categoryName={categoryName} />
      <DocumentFilters
        status={status}
        sort={sort}
        onStatusChange={(next) => update({ status: next })}
        onSortChange={(next) => update({ sort: next })}
      />
      <PhoneFilters active={moreFilters}>
        <MoreFilters
          values={{ category, tag, owner, updatedFrom, updatedTo }}
          categories={categories.data ?? []}
          onChange={update}
        />
        <SavedViews currentQuery={listQueryString({ ...params, page: 1 })} />
      </PhoneFilters>
      <DocumentResults
        query={query}
        page={page}
        emptyMessage={
          filtered
            ? "No documents match your current filters."
            : "Get started by uploading your first document."
        }

        onPage={(next, options) => update({ page: next }, options)}
      />
    </div>
  );
}

function DocumentsHeader({
  total,
  categoryName,
}: {
  total: number | undefined;
  categoryName: string | undefined;
}) {
  return (
    <PageHeader
      title="All Documents"
      description={
        total !== undefined
          ? `${total} ${total === 1 ? "document" : "documents"}${categoryName ? ` in ${categoryName}` : ""}`
          : undefined
      }
      actions={<UploadButton>Upload</UploadButton>}
    />
  );
}
