import type { Category } from "@quire/contracts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategories } from "@/lib/api/categories";

/** Whether the server lets the signed-in user upload or move documents into this category. */
export const canFileIn = (category: Category): boolean => category.abilities?.addDocuments !== false;

/**
 * The categories the signed-in user may file a document under (the server's abilities; the one
 * already chosen stays, so editing a document never hides its own category); a placeholder of the
 * same size while they load.
 */
export function CategorySelect({
  id,
  testId,
  value,
  onChange,
  disabled,
}: {
  /** The trigger's id, for its label's `htmlFor`. */
  id: string;
  testId: string;
  value: string;
  onChange: (categoryId: string) => void;
  disabled?: boolean;
}) {
  const categories = useCategories();
  if (categories.isPending) return <Skeleton className="h-9 w-full" />;
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} className="w-full" data-testid={testId}>
        <SelectValue placeholder="Select a category" />
      </SelectTrigger>
      <SelectContent>
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
}
