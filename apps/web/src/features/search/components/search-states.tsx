import { Lightbulb, Search, SearchX, TrendingUp } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export const EXAMPLE_QUERIES = [
  "remote work policy",
  "how are expenses reimbursed",
  "incident response steps",
];

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
  if (!loading && (!suggestions || suggestions.length === 0)) return null;
  return (
    <Card data-testid="popular-searches">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp className="size-4" aria-hidden="true" />
          Popular Searches
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
  return (
    <EmptyState
      icon={Search}
      title="Start Your Search"
      description="Search by words or by meaning across titles, content, tags and metadata. Try one of these:"
      testId="start-search"
    >
      <ul className="flex flex-wrap justify-center gap-2">
        {EXAMPLE_QUERIES.map((q) => (
          <li key={q}>
            <Button type="button" variant="secondary" size="sm" onClick={() => onPick(q)}>
              &ldquo;{q}&rdquo;
            </Button>
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}

export function NoResults() {
  return (
    <EmptyState
      icon={SearchX}
      title="No Results Found"
      description="Nothing matched your search. Some tips:"
      testId="no-results"
    >
      <ul className="grid gap-1 text-left text-sm text-muted-foreground">
        {[
          "Check the spelling, or try fewer or more general words",
          "Remove the category or status filter",
          'A quoted phrase alone ("data retention") must appear as written: drop the quotes to find its words anywhere',
          "Remove a -word exclusion, or a capital OR, which makes the query match strictly",
        ].map((tip) => (
          <li key={tip} className="flex gap-2">
            <Lightbulb className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{tip}</span>
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}

export function SearchResultsSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-label="Searching" data-testid="search-loading">
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
