import { useTranslation } from "react-i18next";
import type { DocumentStatus } from "@quire/contracts";
import { StatusFilterSelect } from "@/components/documents/filter-selects";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { DocumentSort } from "../api/get-documents";
import type { DocumentsView } from "../hooks/use-documents-view";
import { ViewToggle } from "./view-toggle";
import "../locale";

/**
 * Seed §2: status filter (All Statuses and the five statuses) and sort by Updated or Title; then
 * the list or grid view, at the row's end.
 */
export function DocumentFilters({
  status,
  sort,
  onStatusChange,
  onSortChange,
  view,
  onViewChange,
}: {
  status: DocumentStatus | undefined;
  sort: DocumentSort;
  onStatusChange: (status: DocumentStatus | undefined) => void;
  onSortChange: (sort: DocumentSort) => void;
  view: DocumentsView;
  onViewChange: (view: DocumentsView) => void;
}) {
  const { t } = useTranslation("documents");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusFilterSelect
        value={status}
        onChange={onStatusChange}
        label={t("filters.byStatus")}
        testId="select-status"
        className="w-full sm:w-48"
      />
      <Select value={sort} onValueChange={(value) => onSortChange(value === "title" ? "title" : "updated")}>
        <SelectTrigger className="w-full sm:w-48" aria-label={t("filters.sort")} data-testid="select-sort">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="updated">{t("filters.sortUpdated")}</SelectItem>
          <SelectItem value="title">{t("filters.sortTitle")}</SelectItem>
        </SelectContent>
      </Select>
      <div className="ml-auto">
        <ViewToggle view={view} onChange={onViewChange} />
      </div>
    </div>
  );
}
