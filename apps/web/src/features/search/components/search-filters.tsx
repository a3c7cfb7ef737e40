import { documentStatuses, type DocumentStatus } from "@quire/contracts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useCategories } from "@/lib/api/categories";

// Radix Select has no empty value, so "no filter" needs a value of its own.
const ALL = "all";

export function CategoryFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (category: string | undefined) => void;
}) {
  const categories = useCategories();
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger
        className="w-full sm:w-52"
        aria-label="Filter by category"
        data-testid="select-search-category"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All Categories</SelectItem>
        {(categories.data ?? []).map((c) => (
          <SelectItem key={c.id} value={c.id}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function StatusFilter({
  value,
  onChange,
}: {
  value: DocumentStatus | undefined;
  onChange: (status: DocumentStatus | undefined) => void;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(documentStatuses.find((s) => s === v))}>
      <SelectTrigger
        className="w-full sm:w-52"
        aria-label="Filter by status"
        data-testid="select-search-status"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All Statuses</SelectItem>
        {documentStatuses.map((s) => (
          <SelectItem key={s} value={s}>
            {s}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function MeaningToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
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
      Also search by meaning
    </label>
  );
}
