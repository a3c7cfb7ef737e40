import { useState, type FormEvent } from "react";
import type { Category } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ListParams } from "../hooks/use-list-params";

const ALL = "all";

type Filters = Pick<ListParams, "category" | "tag" | "owner" | "updatedFrom" | "updatedTo">;

/**
 * All Documents' further filters: category, tag, owner and the days last updated. Selects and
 * dates apply at once; typed tag and owner apply on Enter or 'Apply', so typing does not fill
 * the history with one entry per key.
 */
export function MoreFilters({
  values,
  categories,
  onChange,
}: {
  values: Filters;
  categories: readonly Category[];
  onChange: (changes: Partial<Filters>) => void;
}) {
  // Keyed by the URL's values: Back/Forward or a saved view resets what is typed.
  const urlKey = `${values.tag ?? ""}\u0000${values.owner ?? ""}`;
  const [typed, setTyped] = useState({ key: urlKey, tag: values.tag ?? "", owner: values.owner ?? "" });
  const draft =
    typed.key === urlKey ? typed : { key: urlKey, tag: values.tag ?? "", owner: values.owner ?? "" };

  function apply(event: FormEvent) {
    event.preventDefault();
    onChange({ tag: draft.tag.trim() || undefined, owner: draft.owner.trim() || undefined });
  }

  return (
    <form
      onSubmit={apply}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
      data-testid="form-more-filters"
    >
      <div className="grid gap-1 lg:col-span-1">
        <Label htmlFor="filter-category">Category</Label>
        <Select
          value={values.category ?? ALL}
          onValueChange={(v) => onChange({ category: v === ALL ? undefined : v })}
        >
          <SelectTrigger id="filter-category" data-testid="select-category-filter">
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
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-tag">Tag</Label>
        <Input
          id="filter-tag"
          value={draft.tag}
          maxLength={100}
          onChange={(e) => setTyped({ ...draft, tag: e.target.value })}
          data-testid="input-filter-tag"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-owner">Owner</Label>
        <Input
          id="filter-owner"
          value={draft.owner}
          maxLength={64}
          autoComplete="off"
          onChange={(e) => setTyped({ ...draft, owner: e.target.value })}
          data-testid="input-filter-owner"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-from">Updated from</Label>
        <Input
          id="filter-from"
          type="date"
          value={values.updatedFrom ?? ""}
          onChange={(e) => onChange({ updatedFrom: e.target.value || undefined })}
          data-testid="input-filter-from"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="filter-to">Updated to</Label>
        <Input
          id="filter-to"
          type="date"
          value={values.updatedTo ?? ""}
          onChange={(e) => onChange({ updatedTo: e.target.value || undefined })}
          data-testid="input-filter-to"
        />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="secondary" data-testid="button-apply-filters">
          Apply
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() =>
            onChange({
              category: undefined,
              tag: undefined,
              owner: undefined,
              updatedFrom: undefined,
              updatedTo: undefined,
            })
          }
          data-testid="button-clear-filters"
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
