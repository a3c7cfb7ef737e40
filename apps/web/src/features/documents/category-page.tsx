import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { ArrowLeft, FolderX } from "lucide-react";
import type { Category } from "@quire/contracts";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useCategories } from "@/lib/api/categories";
import { useDocuments } from "./api/get-documents";
import { DocumentFilters } from "./components/document-filters";
import { DocumentResults } from "./components/document-results";
import { useDocumentsView } from "./hooks/use-documents-view";
import { DOCUMENTS_PAGE_SIZE, useListParams } from "./hooks/use-list-params";
import { UploadButton } from "@/components/documents/upload-button";
import { formatCount } from "@/lib/format";
import "./locale";

/** Seed §2 Category page: '{name} Documents', count, description, back link, filters, upload. */
export function CategoryPage() {
  const { t } = useTranslation("documents");
  const { categoryId } = useParams<{ categoryId: string }>();
  const { status, sort, page, update } = useListParams();
  const [view, setView] = useDocumentsView();
  const categories = useCategories();
  const category = categories.data?.find((c) => c.id === categoryId);
  const query = useDocuments({ category: categoryId, status, sort, page, pageSize: DOCUMENTS_PAGE_SIZE });

  // An old or mistyped link would otherwise show an empty "Category Documents" page that invites
  // uploading into a category that does not exist.
  if (categories.isSuccess && !category) return <CategoryNotFound />;

  return (
    <div className="space-y-6" data-testid="category-page">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link href={paths.documents.getHref()} data-testid="link-back-documents">
          <ArrowLeft aria-hidden="true" />
          {t("category.back")}
        </Link>
      </Button>
      <CategoryHeader loading={categories.isPending} category={category} total={query.data?.total} />
      <DocumentFilters
        status={status}
        sort={sort}
        onStatusChange={(next) => update({ status: next })}
        onSortChange={(next) => update({ sort: next })}
        view={view}
        onViewChange={setView}
      />
      <DocumentResults
        query={query}
        page={page}
        view={view}
        emptyMessage={status ? t("category.noStatusMatch") : t("category.emptyCategory")}
        showCategory={false}
        onPage={(next, options) => update({ page: next, status, sort }, options)}
      />
    </div>
  );
}

function CategoryNotFound() {
  const { t } = useTranslation("documents");
  return (
    <EmptyState
      icon={FolderX}
      title={t("category.notFound")}
      description={t("category.notFoundDescription")}
      testId="category-not-found"
    >
      <Button asChild>
        <Link href={paths.documents.getHref()} data-testid="link-back-documents">
          {t("category.back")}
        </Link>
      </Button>
    </EmptyState>
  );
}

function CategoryHeader({
  loading,
  category,
  total,
}: {
  loading: boolean;
  category: Category | undefined;
  total: number | undefined;
}) {
  const { t } = useTranslation("documents");
  if (loading) {
    return (
      <div className="space-y-2" role="status" aria-label={t("category.loading")}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
    );
  }
  return (
    <PageHeader
      title={category ? t("category.title", { name: category.name }) : t("category.titleUnknown")}
      description={
        <>
          {total !== undefined && (
            <span className="block" data-testid="text-category-count">
              {t("category.found", { count: total, n: formatCount(total) })}
            </span>
          )}
          {category?.description && <span className="block">{category.description}</span>}
        </>
      }
      actions={<UploadButton />}
    />
  );
}
