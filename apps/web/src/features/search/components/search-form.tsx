import type { FormEvent } from "react";
import { Search } from "lucide-react";
import { documentStatuses, type DocumentStatus } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useCategories } from "@/lib/api/categories";
import { useFeatures } from "@/lib/api/settings";

const ALL = "all";

export type SearchFormValues = {
  text: string;
  category: string | undefined;
  status: DocumentStatus | undefined;
  /** Also rank by meaning (hybrid search); offered only while Semantic Search is on. */
  byMeaning: boolean;
};

/** Seed §2 search box and filters; 'Search' is disabled while the text is blank or a search runs. */
export function SearchForm({
  values,
  onChange,
  onSubmit,
  searching,
}: {
  values: SearchFormValues;
  onChange: (values: SearchFormValues) => void;
  onSubmit: () => void;
  searching: boolean;
}) {
  const categories = useCategories();
  const { semanticSearch } = useFeatures();
  const blank = values.text.trim() === "";
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!blank && !searching) onSubmit();
  }
  return (
    <form onSubmit={submit} role="search" className="grid gap-3" data-testid="form-search">
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={values.text}
            onChange={(e) => onChange({ ...values, text: e.target.value })}
            placeholder="Search documents, content, and metadata..."
            aria-label="Search documents"
            maxLength={500}
            className="pl-9"
            data-testid="input-search"
          />
        </div>
        <Button type="submit" disabled={blank || searching} data-testid="button-submit-search">
          {searching ? "Searching..." : "Search"}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Select
          value={values.category ?? ALL}
          onValueChange={(v) => onChange({ ...values, category: v === ALL ? undefined : v })}
        >
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
        <Select
          value={values.status ?? ALL}
          onValueChange={(v) => onChange({ ...values, status: documentStatuses.find((s) => s === v) })}
        >
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
        {semanticSearch && (
          <label className="flex items-center gap-2 text-sm" htmlFor="checkbox-search-meaning">
            <input
              type="checkbox"
              id="checkbox-search-meaning"
              className="size-4 accent-primary"
              checked={values.byMeaning}
              onChange={(e) => onChange({ ...values, byMeaning: e.target.checked })}
              data-testid="checkbox-search-meaning"
            />
            Also search by meaning
          </label>
        )}
      </div>
    </form>
  );
}
