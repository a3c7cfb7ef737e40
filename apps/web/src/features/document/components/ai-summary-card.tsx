import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSummary } from "../api/get-summary";
import { itemTexts } from "../lib/item-text";
import { riskBadgeVariant, useRiskName } from "./summary-panel";
import "../locale";

export type DocumentTab = "content" | "versions" | "comments" | "approvals" | "record";

const perTab: Record<DocumentTab, "keyPoints" | "changeHighlights" | "suggestedActions"> = {
  content: "keyPoints",
  versions: "changeHighlights",
  comments: "keyPoints",
  approvals: "suggestedActions",
  record: "suggestedActions",
};

function OpenPanelButton({ onOpenPanel }: { onOpenPanel: () => void }) {
  const { t } = useTranslation("document");
  return (
    <Button
      variant="link"
      size="sm"
      className="mt-1 h-auto px-0"
      onClick={() => {
        onOpenPanel();
        // On a phone the panel sits below the page: bring it into view.
        requestAnimationFrame(() =>
          globalThis.document
            .querySelector('[data-testid="panel-summary"]')
            ?.scrollIntoView?.({ block: "nearest", behavior: "smooth" }),
        );
      }}
      data-testid="button-open-summary"
    >
      {t("summary.full")}
    </Button>
  );
}

function SummaryCardItems({
  heading,
  items,
  onOpenPanel,
}: {
  heading: string;
  items: string[];
  onOpenPanel: (() => void) | undefined;
}) {
  const { t } = useTranslation("document");
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t("summary.nothing")}</p>;
  return (
    <>
      <h3 className="sr-only">{heading}</h3>
      <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="summary-card-items">
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      {onOpenPanel && <OpenPanelButton onOpenPanel={onOpenPanel} />}
    </>
  );
}

/**
 * Seed §2: above the tabs, an AI summary card for the active tab: the key points for Content,
 * the change highlights for Versions, the suggested actions for Approvals. The summary is shown
 * once: while the side panel shows the full summary (`panelOpen`), this card points to it
 * instead of repeating its lists.
 */
export function AiSummaryCard({
  documentId,
  tab,
  panelOpen = false,
  onOpenPanel,
}: {
  documentId: string;
  tab: DocumentTab;
  panelOpen?: boolean;
  onOpenPanel?: () => void;
}) {
  const { t } = useTranslation("document");
  const riskName = useRiskName();
  const summary = useSummary(documentId);
  if (summary.data === null || summary.isError) return null;
  const pick = perTab[tab];
  const heading = t(`summary.headings.${pick}`);
  const level = summary.data?.riskLevel;
  const items = summary.data ? itemTexts(summary.data[pick]).slice(0, 3) : [];
  const more = summary.data ? itemTexts(summary.data[pick]).length > items.length : false;

  return (
    <section
      aria-label={t("summary.label")}
      className="rounded-lg border border-primary/30 bg-primary/5 p-4"
      data-testid="card-ai-summary"
    >
      <div className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        {t("summary.title")}
        {level && (
          <Badge variant={riskBadgeVariant(level)}>{t("summary.risk", { level: riskName(level) })}</Badge>
        )}
      </div>
      {summary.isPending ? (
        <div className="grid gap-2" role="status">
          <p className="text-sm text-muted-foreground">{t("summary.generating")}</p>
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : panelOpen ? (
        <p className="text-sm text-muted-foreground" data-testid="text-summary-in-panel">
          {t("summary.inPanel")}
        </p>
      ) : (
        <SummaryCardItems
          heading={heading}
          items={items}
          onOpenPanel={more || tab === "content" ? onOpenPanel : undefined}
        />
      )}
    </section>
  );
}
