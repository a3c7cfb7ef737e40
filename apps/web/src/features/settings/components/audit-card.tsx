import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuditEntry } from "@quire/contracts";
import { Download, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { activityCsvHref, useActivity } from "../api/get-activity";
import { emptyAuditFilters, type AuditFilters } from "../lib/audit";
import { AuditFiltersForm } from "./audit-filters";
import { AuditTable } from "./audit-table";
import "@/components/locale";
import "../locale";

const PAGE_SIZE = 25;

/**
 * Settings › Audit (shown from abilities.readActivity): who did what, to what, when and from
 * where, filtered, paged and exported as CSV with the same filters. A table on wide screens; on
 * phones each row stacks as a card (the cells carry their own labels), so nothing scrolls sideways.
 */
export function AuditCard() {
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [documentTitle, setDocumentTitle] = useState("");
  const [page, setPage] = useState(1);
  const activity = useActivity(filters, page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((activity.data?.total ?? 0) / PAGE_SIZE));
  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  const { t } = useTranslation("settings");
  const onlyDocument = (entry: AuditEntry) => {
    setDocumentTitle(entry.documentTitle ?? "");
    apply({ ...filters, documentId: entry.documentId ?? "" });
  };

  return (
    <Card id="audit" className="min-w-0" data-testid="card-audit">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>{t("audit.title")}</CardTitle>
          <CardDescription data-testid="text-audit-count">
            {activity.data
              ? t("audit.count", { count: activity.data.total, n: formatCount(activity.data.total) })
              : t("audit.loading")}
          </CardDescription>
        </div>
        <Button asChild size="sm" variant="outline">
          <a href={activityCsvHref(filters)} download data-testid="button-audit-export">
            <Download aria-hidden="true" />
            {t("audit.export")}
          </a>
        </Button>
      </CardHeader>
      <CardContent className="min-w-0 space-y-4">
        <AuditFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={apply} />
        {filters.documentId && (
          <DocumentFilter
            title={documentTitle || filters.documentId}
            onClear={() => apply({ ...filters, documentId: "" })}
          />
        )}
        <AuditResults activity={activity} onOnlyDocument={onlyDocument} />
        {pages > 1 && <AuditPager page={page} pages={pages} onPage={setPage} />}
      </CardContent>
    </Card>
  );
}

function DocumentFilter({ title, onClear }: { title: string; onClear: () => void }) {
  const { t } = useTranslation("settings");
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="text-audit-document-filter">
      <span className="min-w-0 truncate">{t("audit.document", { title })}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t("audit.anyDocument")}
        onClick={onClear}
      >
        <X aria-hidden="true" />
      </Button>
    </p>
  );
}

function AuditResults({
  activity,
  onOnlyDocument,
}: {
  activity: ReturnType<typeof useActivity>;
  onOnlyDocument: (entry: AuditEntry) => void;
}) {
  const { t } = useTranslation("settings");
  if (activity.isPending) return <Skeleton className="h-48" />;
  if (activity.isError)
    return (
      <p role="alert" className="text-destructive" data-testid="text-audit-error">
        {errorMessage(activity.error, t("audit.loadFailed"))}
      </p>
    );
  if (activity.data.items.length === 0)
    return (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid="text-audit-empty">
        {t("audit.empty")}
      </p>
    );
  return <AuditTable entries={activity.data.items} onOnlyDocument={onOnlyDocument} />;
}

function AuditPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(["settings", "shared"]);
  return (
    <nav aria-label={t("audit.pages")} className="flex items-center justify-between gap-2 text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("shared:pagination.previous")}
      </Button>
      <span data-testid="text-audit-page">
        {t("shared:pagination.page", { page: formatCount(page), pages: formatCount(pages) })}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="button-audit-next"
      >
        {t("shared:pagination.next")}
      </Button>
    </nav>
  );
}
