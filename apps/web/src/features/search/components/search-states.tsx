import { useTranslation } from "react-i18next";
import { Lightbulb, Search, SearchX, TrendingUp } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import "../locale";

/** The examples' keys in the catalogue: searches that find demo documents, in the interface's language. */
export const EXAMPLE_QUERIES = ["0", "1", "2"] as const;

const NO_RESULT_TIPS = ["spelling", "filters", "quoted", "strict"] as const;

/** Seed §2: suggestion buttons; a click runs that search at once. */
export function PopularSearches({
  suggestions,
  loading,
  onPick,
}: {
  suggestions: string[] | undefined;
  loading: boolean;
  onPick: (query: string) => void;
}) {
  const { t } = useTranslation("search");
  if (!loading && (!suggestions || suggestions.length === 0)) return null;
  return (
    <Card data-testid="popular-searches">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp className="size-4" aria-hidden="true" />
          {t("popular")}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {loading
          ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-8 w-28" />)
          : suggestions?.map((s) => (
              <Button key={s} type="button" variant="outline" size="sm" onClick={() => onPick(s)}>
                {s}
              </Button>
            ))}
      </CardContent>
    </Card>
  );
}

export function StartYourSearch({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation("search");
  return (
    <EmptyState
      icon={Search}
      title={t("start.title")}
      description={t("start.description")}
      testId="start-search"
    >
      <ul className="flex flex-wrap justify-center gap-2">
        {EXAMPLE_QUERIES.map((key) => {
          const query = t(`start.examples.${key}`);
          return (
            <li key={key}>
              <Button type="button" variant="secondary" size="sm" onClick={() => onPick(query)}>
                {t("start.example", { query })}
              </Button>
            </li>
          );
        })}
      </ul>
    </EmptyState>
  );
}

export function NoResults() {
  const { t } = useTranslation("search");
  return (
    <EmptyState
      icon={SearchX}
      title={t("none.title")}
      description={t("none.description")}
      testId="no-results"
    >
      <ul className="grid gap-1 text-left text-sm text-muted-foreground">
        {NO_RESULT_TIPS.map((tip) => (
          <li key={tip} className="flex gap-2">
            <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{t(`none.${tip}`)}</span>
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}

export function SearchResultsSkeleton() {
  const { t } = useTranslation("search");
  return (
    <div className="grid gap-3" role="status" aria-label={t("loading")} data-testid="search-loading">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="gap-2 px-4 py-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}
