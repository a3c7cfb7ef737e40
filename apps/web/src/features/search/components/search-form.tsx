import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Trans } from "react-i18next";
import { Search } from "lucide-react";
import type { DocumentStatus } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useFeatures } from "@/lib/api/settings";
import { CategoryFilter, MeaningToggle, StatusFilter } from "./search-filters";
import "../locale";

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
  const { t } = useTranslation("search");
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
          placeholder={t("form.placeholder")}
          aria-label={t("form.label")}
          aria-describedby="search-syntax"
          maxLength={500}
          className="pl-9"
          data-testid="input-search"
        />
      </div>
      <Button type="submit" disabled={!canSubmit} data-testid="button-submit-search">
        {searching ? t("form.searching") : t("form.search")}
      </Button>
    </div>
  );
}

/** How the box reads a query, beside it: the same rules the server applies (textkit search-query.ts). */
function SearchSyntax() {
  const { t } = useTranslation("search");
  return (
    <p id="search-syntax" className="text-xs text-muted-foreground" data-testid="search-syntax">
      <Trans t={t} i18nKey="form.syntax" components={{ code: <code /> }} />
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
