import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/**
 * The filter box above a long Settings list: the label says what is filtered, the shorter
 * placeholder fits a phone's width.
 */
export function ListFilterField({
  id,
  label,
  placeholder,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        className="pl-8"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </div>
  );
}
