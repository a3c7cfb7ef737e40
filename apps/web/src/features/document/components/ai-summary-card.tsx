import { Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSummary } from "../api/get-summary";
import { itemTexts } from "../lib/item-text";
import { riskBadgeVariant } from "./summary-panel";

export type DocumentTab = "content" | "versions" | "comments" | "approvals" | "record";

const perTab: Record<
  DocumentTab,
  { heading: string; pick: "keyPoints" | "changeHighlights" | "suggestedActions" }
> = {
  content: { heading: "Key points", pick: "keyPoints" },
  versions: { heading: "Recent changes", pick: "changeHighlights" },
  comments: { heading: "Key points", pick: "keyPoints" },
  approvals: { heading: "Suggested actions", pick: "suggestedActions" },
  record: { heading: "Suggested actions", pick: "suggestedActions" },
};

function OpenPanelButton({ onOpenPanel }: { onOpenPanel: () => void }) {
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
      Full summary
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
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nothing to point out here.</p>;
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
  const summary = useSummary(documentId);
  if (summary.data === null || summary.isError) return null;
  const { heading, pick } = perTab[tab];
  const items = summary.data ? itemTexts(summary.data[pick]).slice(0, 3) : [];
  const more = summary.data ? itemTexts(summary.data[pick]).length > items.length : false;

  return (
    <section
      aria-label="AI summary"
      className="rounded-lg border border-primary/30 bg-primary/5 p-4"
      data-testid="card-ai-summary"
    >
      <div className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        AI Summary
        {summary.data?.riskLevel && (
          <Badge variant={riskBadgeVariant(summary.data.riskLevel)}>{summary.data.riskLevel} risk</Badge>
        )}
      </div>
      {summary.isPending ? (
        <div className="grid gap-2" role="status">
          <p className="text-sm text-muted-foreground">Generating AI summary...</p>
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : panelOpen ? (
        <p className="text-sm text-muted-foreground" data-testid="text-summary-in-panel">
          The full summary is open in the AI Summary panel.
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
