import { useTranslation } from "react-i18next";
import type { Category } from "@quire/contracts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/error-notice";
import { useCategories } from "@/lib/api/categories";
import "@/components/locale";

/** The select's stand-in for "no category" (Radix keeps "" for showing the placeholder). */
const NONE = "__none__";

/** Whether the server lets the signed-in user upload or move documents into this category. */
export const canFileIn = (category: Category): boolean => category.abilities?.addDocuments !== false;

/**
 * The categories the signed-in user may file a document under (the server's abilities; the one
 * already chosen stays, so editing a document never hides its own category); a placeholder of the
 * same size while they load. When they cannot be loaded the select stays, empty and disabled, with
 * the reason beneath: an empty list alone left the form's submit disabled with no word why.
 */
export function CategorySelect({
  id,
  testId,
  value,
  onChange,
  disabled,
  label,
  placeholder,
  noneLabel,
  describedBy,
}: {
  /** The trigger's id, for its label's `htmlFor`. */
  id: string;
  testId: string;
  value: string;
  onChange: (categoryId: string) => void;
  disabled?: boolean;
  /** The trigger's accessible name when no visible label points at it. */
  label?: string;
  placeholder?: string;
  /** Offers "no category" (value "") under this name, when choosing none is allowed. */
  noneLabel?: string;
  describedBy?: string;
}) {
  const { t } = useTranslation("shared");
  const categories = useCategories();
  if (categories.isPending) return <Skeleton className="h-9 w-full" />;
  const select = (
    <Select
      value={value}
      onValueChange={(next) => onChange(next === NONE ? "" : next)}
      disabled={disabled || categories.isError}
    >
      <SelectTrigger
        id={id}
        className="w-full"
        data-testid={testId}
        aria-label={label}
        aria-describedby={describedBy}
      >
        <SelectValue placeholder={placeholder ?? t("categorySelect.placeholder")} />
      </SelectTrigger>
      <SelectContent>
        {noneLabel && value !== "" && <SelectItem value={NONE}>{noneLabel}</SelectItem>}
        {(categories.data ?? [])
          .filter((c) => canFileIn(c) || c.id === value)
          .map((c) => (
            <SelectItem key={c.id} value={c.id}>
              {c.name}
            </SelectItem>
          ))}
      </SelectContent>
    </Select>
  );
  if (!categories.isError) return select;
  return (
    <>
      {select}
      <ErrorNotice error={categories.error} fallback={t("categorySelect.failed")} className="text-sm" />
    </>
  );
}
