import { useState } from "react";
import { useTranslation } from "react-i18next";
import { looksLikeQuestion } from "@quire/contracts";
import { PageHeader } from "@/components/page-header";
import { useFeatures } from "@/lib/api/settings";
import { errorMessage } from "@/lib/api-client";
import { useSearchDocuments, type SearchParams } from "./api/search-documents";
import { useSearchSuggestions } from "./api/get-search-suggestions";
import { SearchForm, type SearchFormValues } from "./components/search-form";
import { useSearchUrl } from "./hooks/use-search-url";
import { SearchAnswer } from "./components/search-answer";
import { SearchResultCard } from "./components/search-result-card";
import {
  NoResults,
  PopularSearches,
  SearchResultsSkeleton,
  StartYourSearch,
} from "./components/search-states";
import { formatCount } from "@/lib/format";
import "./locale";

function formValuesOf(params: SearchParams | null): SearchFormValues {
  return {
    text: params?.q ?? "",
    category: params?.category,
    status: params?.status,
    byMeaning: params?.byMeaning ?? false,
  };
}

/** The page's state: the URL's search, the form's edits to it, and their queries. */
function useSearchPage() {
  const { submitted, submit, key } = useSearchUrl();
  // The form shows the URL's search until the person edits it; a new URL (submit, Back,
  // Forward) resets the form to that search.
  const [edited, setEdited] = useState<{ key: string; values: SearchFormValues } | null>(null);
  const values = edited?.key === key ? edited.values : formValuesOf(submitted);
  const setValues = (next: SearchFormValues) => setEdited({ key, values: next });
  const { semanticSearch } = useFeatures();
  const suggestions = useSearchSuggestions();
  const results = useSearchDocuments(submitted);

  function run(text: string) {
    const params: SearchParams = {
      q: text.trim(),
      category: values.category,
      status: values.status,
      byMeaning: semanticSearch && values.byMeaning,
    };
    if (!params.q) return;
    const same =
      submitted?.q === params.q &&
      submitted.category === params.category &&
      submitted.status === params.status &&
      submitted.byMeaning === params.byMeaning;
    // The same search again fetches fresh results rather than showing the cached ones, without
    // a second history entry.
    if (same) void results.refetch();
    else submit(params);
    // What was typed now belongs to the submitted URL; Back shows each search as it was.
    setEdited(null);
  }

  function pick(text: string) {
    setValues({ ...values, text });
    run(text);
  }

  return { submitted, values, setValues, suggestions, results, run, pick };
}

/** Seed §2 Search: runs only on an explicit submit or a suggestion click; the URL keeps it. */
export function SearchPage() {
  const { t } = useTranslation("search");
  const { submitted, values, setValues, suggestions, results, run, pick } = useSearchPage();

  return (
    <div className="space-y-6" data-testid="search-page">
      <PageHeader title={t("title")} description={t("description")} />
      <SearchForm
        values={values}
        onChange={setValues}
        onSubmit={() => run(values.text)}
        searching={results.isFetching}
      />
      {submitted === null ? (
        <>
          <PopularSearches suggestions={suggestions.data} loading={suggestions.isPending} onPick={pick} />
          <StartYourSearch onPick={pick} />
        </>
      ) : (
        <>
          {looksLikeQuestion(submitted.q) && <SearchAnswer question={submitted.q} />}
          <SearchResults results={results} />
        </>
      )}
    </div>
  );
}

function SearchResults({ results }: { results: ReturnType<typeof useSearchDocuments> }) {
  const { t } = useTranslation("search");
  if (results.isPending) return <SearchResultsSkeleton />;
  if (results.isError)
    return (
      <p role="alert" className="text-destructive" data-testid="text-search-error">
        {errorMessage(results.error, t("failed"))}
      </p>
    );
  if (results.data.length === 0) return <NoResults />;
  return (
    <section aria-labelledby="search-results-heading" className="space-y-3">
      <h2 id="search-results-heading" className="text-lg font-semibold" data-testid="text-results-count">
        {t("resultsCount", { n: formatCount(results.data.length) })}
      </h2>
      <ul className="grid gap-3">
        {results.data.map((result) => (
          // min-w-0: a grid item is otherwise as wide as its widest unbreakable content.
          <li key={result.document.id} className="min-w-0">
            <SearchResultCard result={result} />
          </li>
        ))}
      </ul>
    </section>
  );
}
