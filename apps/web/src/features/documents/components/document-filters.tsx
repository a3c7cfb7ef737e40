import { useTranslation } from "react-i18next";
import type { DocumentStatus } from "@quire/contracts";
import { StatusFilterSelect } from "@/components/documents/filter-selects";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { DocumentSort } from "../api/get-documents";
import "../locale";

/** Seed §2: status filter (All Statuses and the five statuses) and sort by Updated or Title. */
export function DocumentFilters({
  status,
  sort,
  onStatusChange,
  onSortChange,
}: {
  status: DocumentStatus | undefined;
  sort: DocumentSort;
  onStatusChange: (status: DocumentStatus | undefined) => void;
  onSortChange: (sort: DocumentSort) => void;
}) {
  const { t } = useTranslation("documents");
  return (
    <div className="flex flex-wrap gap-2">
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
    </div>
  );
}
