import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Sparkles } from "lucide-react";
import type { DashboardInsights, DocumentStatus } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAiSuggestions } from "@/features/dashboard/api/ai-suggestions";
import { formatCount, formatPercent } from "@/lib/format";
import { useInsights } from "../api/get-insights";
import "../locale";

// Recharts is large; the charts load after the figures.
const InsightsChart = lazy(async () => ({ default: (await import("./insights-chart")).InsightsChart }));

/**
 * AI insights from the archive's real state, as the server computed them over every document
 * the user may see: figures, then documents by category and by status.
 */
export function InsightsCard() {
  const { t } = useTranslation("dashboard");
  const insights = useInsights();
  const suggestions = useAiSuggestions();

  return (
    <Card data-testid="ai-insights">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          {t("insights.title")}
        </CardTitle>
        <CardDescription>{t("insights.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {insights.isPending ? (
          <Skeleton className="h-48" />
        ) : insights.isError ? (
          <ErrorNotice error={insights.error} fallback={t("insights.failed")} />
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
  const { t } = useTranslation("dashboard");
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      <Figure
        label={t("insights.approvalRate")}
        value={formatPercent(insights.approvalRate)}
        testId="insight-approval-rate"
      />
      <Figure label={t("insights.drafts")} value={formatCount(insights.drafts)} testId="insight-drafts" />
      <Figure
        label={t("insights.processingFailed")}
        value={formatCount(insights.processingFailed)}
        testId="insight-failed"
      />
      <Figure
        label={t("insights.openSuggestions")}
        value={openSuggestions === undefined ? "—" : formatCount(openSuggestions)}
        testId="insight-suggestions"
      />
    </dl>
  );
}

function InsightCharts({ insights }: { insights: DashboardInsights }) {
  const { t, i18n } = useTranslation(["dashboard", "common"]);
  // Statuses are named in the interface's language; one this release does not know, as the server sent it.
  const byStatus = insights.byStatus.map((datum) => ({
    ...datum,
    name: i18n.exists(`common:status.${datum.name}`)
      ? t(`common:status.${datum.name as DocumentStatus}`)
      : datum.name,
  }));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="min-w-0">
        <h3 className="mb-2 text-sm font-medium">{t("insights.byCategory")}</h3>
        <Suspense fallback={<Skeleton className="h-48" />}>
          <InsightsChart
            label={t("insights.byCategory")}
            seriesName={t("insights.documents")}
            data={insights.byCategory}
          />
        </Suspense>
      </div>
      <div className="min-w-0">
        <h3 className="mb-2 text-sm font-medium">{t("insights.byStatus")}</h3>
        <Suspense fallback={<Skeleton className="h-48" />}>
          <InsightsChart
            label={t("insights.byStatus")}
            seriesName={t("insights.documents")}
            data={byStatus}
          />
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
