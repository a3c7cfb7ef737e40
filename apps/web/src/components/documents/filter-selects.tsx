import { documentStatuses, type Category, type DocumentStatus } from "@quire/contracts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

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

/** "All Categories" or one category: the search page's and the document list's category filter. */
export function CategoryFilterSelect({
  categories,
  value,
  onChange,
  testId,
  id,
  label,
  className,
}: FilterSelectProps<string> & { categories: readonly Category[] }) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger id={id} className={className} aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All Categories</SelectItem>
        {categories.map((c) => (
          <SelectItem key={c.id} value={c.id}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** "All Statuses" or one of the five (seed §2): the search page's and the document list's status filter. */
export function StatusFilterSelect({
  value,
  onChange,
  testId,
  id,
  label,
  className,
}: FilterSelectProps<DocumentStatus>) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(documentStatuses.find((s) => s === v))}>
      <SelectTrigger id={id} className={className} aria-label={label} data-testid={testId}>
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
