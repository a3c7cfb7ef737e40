import { useTranslation } from "react-i18next";
import type { DocumentStatus } from "@quire/contracts";
import { CategoryFilterSelect, StatusFilterSelect } from "@/components/documents/filter-selects";
import { useCategories } from "@/lib/api/categories";
import "../locale";

export function CategoryFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (category: string | undefined) => void;
}) {
  const { t } = useTranslation("search");
  const categories = useCategories();
  return (
    <CategoryFilterSelect
      categories={categories.data ?? []}
      value={value}
      onChange={onChange}
      label={t("form.byCategory")}
      testId="select-search-category"
      className="w-full sm:w-52"
    />
  );
}

export function StatusFilter({
  value,
  onChange,
}: {
  value: DocumentStatus | undefined;
  onChange: (status: DocumentStatus | undefined) => void;
}) {
  const { t } = useTranslation("search");
  return (
    <StatusFilterSelect
      value={value}
      onChange={onChange}
      label={t("form.byStatus")}
      testId="select-search-status"
      className="w-full sm:w-52"
    />
  );
}

export function MeaningToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation("search");
  return (
    <label className="flex items-center gap-2 text-sm" htmlFor="checkbox-search-meaning">
      <input
        type="checkbox"
        id="checkbox-search-meaning"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="checkbox-search-meaning"
      />
      {t("form.byMeaning")}
    </label>
  );
}
