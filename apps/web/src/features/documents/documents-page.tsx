import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useCategories } from "@/lib/api/categories";
import { bulkFilterOf } from "./api/bulk-actions";
import { useDocuments } from "./api/get-documents";
import { BulkActionBar, BulkSelectHeader } from "./components/bulk-action-bar";
import { DocumentFilters } from "./components/document-filters";
import { DocumentResults } from "./components/document-results";
import { useDocumentsView } from "./hooks/use-documents-view";
import { MoreFilters } from "./components/more-filters";
import { PhoneFilters } from "./components/phone-filters";
import { SavedViews } from "./components/saved-views";
import { useBulkSelection } from "./hooks/use-bulk-selection";
import { documentsPageRequest, listQueryString, useListParams } from "./hooks/use-list-params";
import { UploadButton } from "@/components/documents/upload-button";
import { formatCount } from "@/lib/format";
import "./locale";

/** Seed §2 All Documents, with the optional ?category= filter. */
export function DocumentsPage() {
  const { t } = useTranslation("documents");
  const params = useListParams();
  const [view, setView] = useDocumentsView();
  const { category, status, tag, owner, updatedFrom, updatedTo, sort, page, update } = params;
  const categories = useCategories();
  const categoryName = category ? categories.data?.find((c) => c.id === category)?.name : undefined;
  // The same request as api/prefetch-documents.ts, which may have sent it before this code arrived.
  const query = useDocuments(documentsPageRequest(params));
  // A selection belongs to the filter it was made under (the server resolves "all that match" itself).
  const selection = useBulkSelection(bulkFilterOf({ category, status, tag, owner, updatedFrom, updatedTo }));
  const pageItems = query.data?.items ?? [];
  const filtered = Boolean(category || status || tag || owner || updatedFrom || updatedTo);
  const moreFilters = [category, tag, owner, updatedFrom, updatedTo].filter(Boolean).length;

  return (
    <div className={selection.count > 0 ? "space-y-6 pb-24" : "space-y-6"} data-testid="documents-page">
      <DocumentsHeader total={query.data?.total} categoryName={categoryName} />
      <DocumentFilters
        status={status}
        sort={sort}
        onStatusChange={(next) => update({ status: next })}
        onSortChange={(next) => update({ sort: next })}
        view={view}
        onViewChange={setView}
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
        view={view}
        emptyMessage={filtered ? t("noMatch") : t("getStarted")}

        onPage={(next, options) => update({ page: next }, options)}
        selection={{
          isSelected: selection.isSelected,
          onSelect: (document, checked) => selection.toggle(document, checked, pageItems),
        }}
        selectionHeader={
          <BulkSelectHeader selection={selection} page={pageItems} total={query.data?.total ?? 0} />
        }
      />
      <BulkActionBar selection={selection} />
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
  const { t } = useTranslation("documents");
  const counted = total === undefined ? undefined : { count: total, n: formatCount(total) };
  const count =
    counted && (categoryName ? t("countIn", { ...counted, category: categoryName }) : t("count", counted));
  return (
    <PageHeader
      title={t("title")}
      // The count's line is kept while it loads, so the filters and the list below do not move.
      description={count ?? <span aria-hidden="true">{"\u00a0"}</span>}
      actions={<UploadButton>{t("upload")}</UploadButton>}
    />
  );
}
