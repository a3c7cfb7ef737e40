import { useTranslation } from "react-i18next";
import type { Category, DocumentStatus } from "@quire/contracts";
import { documentStatuses } from "@quire/contracts/document-values";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import "@/components/locale";

// Radix Select has no empty value, so "no filter" needs a value of its own.
const ALL = "all";

interface FilterSelectProps<T> {
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  testId: string;
  /** The trigger's id, when a visible label names it. */
  id?: string;
  /** The trigger's accessible name, when no visible label does. */
  label?: string;
  className?: string;
}

/** "All …" (no filter) or one of `options`. */
function FilterSelect({
  allLabel,
  options,
  value,
  onChange,
  testId,
  id,
  label,
  className,
}: FilterSelectProps<string> & {
  allLabel: string;
  options: ReadonlyArray<{ value: string; name: string }>;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger id={id} className={className} aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The search page's and the document list's category filter. */
export function CategoryFilterSelect({
  categories,
  ...props
}: FilterSelectProps<string> & { categories: readonly Category[] }) {
  const { t } = useTranslation("shared");
  const options = categories.map((c) => ({ value: c.id, name: c.name }));
  return <FilterSelect {...props} allLabel={t("filters.allCategories")} options={options} />;
}

/** The search page's and the document list's status filter: the five statuses of seed §2. */
export function StatusFilterSelect({ onChange, ...props }: FilterSelectProps<DocumentStatus>) {
  const { t } = useTranslation(["shared", "common"]);
  const statusOptions = documentStatuses.map((s) => ({ value: s, name: t(`common:status.${s}`) }));
  return (
    <FilterSelect
      {...props}
      allLabel={t("filters.allStatuses")}
      options={statusOptions}
      onChange={(v) => onChange(documentStatuses.find((s) => s === v))}
    />
  );
}
