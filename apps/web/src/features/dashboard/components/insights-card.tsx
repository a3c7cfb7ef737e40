import { lazy, Suspense } from "react";
import { Sparkles } from "lucide-react";
import type { DashboardInsights } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAiSuggestions } from "@/features/dashboard/api/ai-suggestions";
import { useInsights } from "../api/get-insights";

// Recharts is large; the charts load after the figures.
const InsightsChart = lazy(async () => ({ default: (await import("./insights-chart")).InsightsChart }));

/**
 * AI insights from the archive's real state, as the server computed them over every document
 * the user may see: figures, then documents by category and by status.
 */
export function InsightsCard() {
  const insights = useInsights();
  const suggestions = useAiSuggestions();

  return (
    <Card data-testid="ai-insights">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          AI Insights
        </CardTitle>
        <CardDescription>From every document you can see.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {insights.isPending ? (
          <Skeleton className="h-48" />
        ) : insights.isError ? (
          <ErrorNotice error={insights.error} fallback="The insights could not be loaded." />
        ) : (
          <>
            <InsightFigures insights={insights.data} openSuggestions={suggestions.data?.length} />
            {insights.data.total > 0 && <InsightCharts insights={insights.data} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function InsightFigures({
  insights,
  openSuggestions,
}: {
  insights: DashboardInsights;
  openSuggestions: number | undefined;
}) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      <Figure label="Approval rate" value={`${insights.approvalRate}%`} testId="insight-approval-rate" />
      <Figure label="Still in draft" value={String(insights.drafts)} testId="insight-drafts" />
      <Figure label="Processing failed" value={String(insights.processingFailed)} testId="insight-failed" />
      <Figure
        label="Open suggestions"
        value={openSuggestions === undefined ? "—" : String(openSuggestions)}
        testId="insight-suggestions"
      />
    </dl>
  );
}

function InsightCharts({ insights }: { insights: DashboardInsights }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="min-w-0">
        <h3 className="mb-2 text-sm font-medium">Documents by category</h3>
        <Suspense fallback={<Skeleton className="h-48" />}>
          <InsightsChart label="Documents by category" data={insights.byCategory} />
        </Suspense>
      </div>
      <div className="min-w-0">
        <h3 className="mb-2 text-sm font-medium">Documents by status</h3>
        <Suspense fallback={<Skeleton className="h-48" />}>
          <InsightsChart label="Documents by status" data={insights.byStatus} />
        </Suspense>
      </div>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
