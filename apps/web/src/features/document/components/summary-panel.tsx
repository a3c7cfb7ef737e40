import { ChevronDown, Download, RefreshCw, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { summaryExportUrl, useSummary, type DocumentSummary } from "../api/get-summary";
import { useRefreshSummary } from "../api/refresh-summary";
import { itemTexts } from "../lib/item-text";
import { formatDateTime } from "@/lib/format";
import "../locale";

export function riskBadgeVariant(level: string | undefined) {
  if (level === "High") return "destructive" as const;
  if (level === "Medium") return "warning" as const;
  return "secondary" as const;
}

function SummaryList({ title, items, testId }: { title: string; items: string[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div data-testid={testId}>
      <h4 className="mb-1 text-sm font-semibold">{title}</h4>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** A risk level in the interface's language; one this release does not know is shown as the server sent it. */
export function useRiskName(): (level: string) => string {
  const { t, i18n } = useTranslation("document");
  // The key is checked at run time: the level comes from the server.
  return (level) => (i18n.exists(`document:risk.${level}`) ? t(`risk.${level as "Low"}`) : level);
}

/** "Risk level: High", the level named in the interface's language. */
function RiskLevel({ level }: { level: string }) {
  const { t } = useTranslation("document");
  const name = useRiskName()(level);
  return (
    <>
      {t("summary.riskLevel")} <Badge variant={riskBadgeVariant(level)}>{name}</Badge>
    </>
  );
}

function SummaryPanelHeader({ open }: { open: boolean }) {
  const { t } = useTranslation("document");
  return (
    <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
      <CardTitle className="flex items-center gap-2 text-base">
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        {t("summary.title")}
      </CardTitle>
      <CollapsibleTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={open ? t("summary.collapse") : t("summary.expand")}
          data-testid="button-toggle-summary"
        >
          <ChevronDown className={cn("transition-transform", open && "rotate-180")} />
        </Button>
      </CollapsibleTrigger>
    </CardHeader>
  );
}

function SummaryGenerating() {
  const { t } = useTranslation("document");
  return (
    <div className="grid gap-2" role="status">
      <p className="text-sm text-muted-foreground">{t("summary.generating")}</p>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function SummaryActions({
  documentId,
  refreshing,
  onRefresh,
}: {
  documentId: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation("document");
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={refreshing}
        onClick={onRefresh}
        data-testid="button-refresh-summary"
      >
        <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden="true" />
        {t("summary.refresh")}
      </Button>
      <Button size="sm" variant="outline" asChild>
        <a href={summaryExportUrl(documentId)} download data-testid="button-export-summary">
          <Download aria-hidden="true" />
          {t("summary.export")}
        </a>
      </Button>
    </div>
  );
}

function SummaryDetails({ data }: { data: DocumentSummary }) {
  const { t } = useTranslation("document");
  return (
    <>
      {data.kind && (
        <p className="text-sm" data-testid="text-document-kind">
          {/* The kind is the summariser's own word for the document. */}
          {t("summary.kind")} <Badge variant="outline">{data.kind}</Badge>
        </p>
      )}
      {data.riskLevel && (
        <p className="text-sm" data-testid="text-risk-level">
          <RiskLevel level={data.riskLevel} />
        </p>
      )}
      <SummaryList
        title={t("summary.keyPoints")}
        items={itemTexts(data.keyPoints)}
        testId="summary-key-points"
      />
      <SummaryList
        title={t("summary.recentChanges")}
        items={itemTexts(data.changeHighlights)}
        testId="summary-changes"
      />
      <SummaryList title={t("summary.riskNotes")} items={itemTexts(data.riskNotes)} testId="summary-risks" />
      <SummaryList
        title={t("summary.suggestedActions")}
        items={itemTexts(data.suggestedActions)}
        testId="summary-actions"
      />
      {data.updatedAt && (
        <p className="text-xs text-muted-foreground">
          {t("summary.updated", { time: formatDateTime(data.updatedAt) })}
        </p>
      )}
    </>
  );
}

/** The collapsible AI summary of the side panel (seed §2), hidden while the server offers none. */
export function SummaryPanel({
  documentId,
  open,
  onOpenChange,
}: {
  documentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("document");
  const summary = useSummary(documentId);
  // Kept here rather than in SummaryActions: collapsing the panel unmounts its content, and a
  // mutation whose caller has unmounted skips its onError, so a failed refresh would go unreported.
  const refresh = useRefreshSummary(documentId);
  if (summary.data === null || summary.isError) return null;
  const data = summary.data;
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("summary.refreshFailed"),
          description: errorMessage(error),
        }),
    });

  return (
    <Card className="gap-3 py-4" data-testid="panel-summary">
      <Collapsible open={open} onOpenChange={onOpenChange}>
        <SummaryPanelHeader open={open} />
        {!open && data?.riskLevel && (
          <CardContent className="px-4 pt-2 text-sm text-muted-foreground">
            <RiskLevel level={data.riskLevel} />
          </CardContent>
        )}
        <CollapsibleContent>
          <CardContent className="grid gap-4 px-4 pt-3">
            {summary.isPending || !data ? (
              <SummaryGenerating />
            ) : (
              <>
                <SummaryDetails data={data} />
                <SummaryActions
                  documentId={documentId}
                  refreshing={refresh.isPending}
                  onRefresh={onRefresh}
                />
              </>
            )}
          </CardContent>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}
