import type { FormEvent } from "react";
import { Search } from "lucide-react";
import type { DocumentStatus } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useFeatures } from "@/lib/api/settings";
import { CategoryFilter, MeaningToggle, StatusFilter } from "./search-filters";

export type SearchFormValues = {
  text: string;
  category: string | undefined;
  status: DocumentStatus | undefined;
  /** Also rank by meaning (hybrid search); offered only while Semantic Search is on. */
  byMeaning: boolean;
};

function SearchBox({
  text,
  onText,
  searching,
  canSubmit,
}: {
  text: string;
  onText: (text: string) => void;
  searching: boolean;
  canSubmit: boolean;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={text}
          onChange={(e) => onText(e.target.value)}
          placeholder="Search documents, content, and metadata..."
          aria-label="Search documents"
          aria-describedby="search-syntax"
          maxLength={500}
          className="pl-9"
          data-testid="input-search"
        />
      </div>
      <Button type="submit" disabled={!canSubmit} data-testid="button-submit-search">
        {searching ? "Searching..." : "Search"}
      </Button>
    </div>
  );
}

/** How the box reads a query, beside it: the same rules the server applies (textkit search-query.ts). */
function SearchSyntax() {
  return (
    <p id="search-syntax" className="text-xs text-muted-foreground" data-testid="search-syntax">
      Type words, a question or a pasted sentence: documents holding more of its rarer words rank first.{" "}
      <code>&quot;exact phrase&quot;</code> ranks documents holding it first (alone, it is required);{" "}
      <code>OR</code> in capitals means either; <code>-word</code> after a space leaves out documents with
      that word, in a query of up to eight words (in a longer one, a pasted sentence, it is a word).
    </p>
  );
}

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
  const { semanticSearch } = useFeatures();
  const canSubmit = values.text.trim() !== "" && !searching;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) onSubmit();
  }
  return (
    <form onSubmit={submit} role="search" className="grid gap-3" data-testid="form-search">
      <SearchBox
        text={values.text}
        onText={(text) => onChange({ ...values, text })}
        searching={searching}
        canSubmit={canSubmit}
      />
      <SearchSyntax />
      <div className="flex flex-wrap gap-2">
        <CategoryFilter value={values.category} onChange={(category) => onChange({ ...values, category })} />
        <StatusFilter value={values.status} onChange={(status) => onChange({ ...values, status })} />
        {semanticSearch && (
          <MeaningToggle
            checked={values.byMeaning}
            onChange={(byMeaning) => onChange({ ...values, byMeaning })}
          />
        )}
      </div>
    </form>
  );
}
