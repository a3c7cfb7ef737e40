import { useState } from "react";
import { BookCheck, CheckCircle2, Megaphone, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AcknowledgementState, Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useAcknowledge, useAcknowledgement } from "@/lib/api/acknowledgements";
import { formatCount, formatDate } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { AcknowledgementReportDialog, StartCampaignDialog } from "./acknowledgement-dialogs";
import "@/components/document-parts-locale";

const errorText = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^\d+: /, "") : String(error);

/**
 * Read-and-acknowledge on the document's page: the call to acknowledge for those a campaign asks
 * (gone once they have), and for the owner the campaign's counts, its report and a way to start one.
 * Nothing shows when there is no campaign and nothing the reader may do about one.
 */
export function AcknowledgementCard({ document }: { document: Document }) {
  const { t } = useTranslation("document-parts");
  const state = useAcknowledgement(document.id);
  if (!state.data) return null;
  const { campaign, abilities } = state.data;
  if (!campaign && !abilities.start) return null;
  if (campaign && !abilities.report && !state.data.asked) return null;
  return (
    <section
      aria-label={t("acknowledge.label")}
      className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm"
      data-testid="acknowledgement-card"
    >
      {state.data.asked && <ReaderPart documentId={document.id} state={state.data} />}
      {(abilities.report || abilities.start) && <OwnerPart document={document} state={state.data} />}
    </section>
  );
}

function ReaderPart({ documentId, state }: { documentId: string; state: AcknowledgementState }) {
  const { t } = useTranslation("document-parts");
  const acknowledge = useAcknowledge(documentId);
  const version = state.campaign?.version;
  if (version === undefined) return null;
  if (state.acknowledgedAt)
    return (
      <p className="flex flex-wrap items-center gap-2" data-testid="text-acknowledged">
        <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
        {t("acknowledge.done", { version, date: formatDate(state.acknowledgedAt) })}
      </p>
    );
  async function confirm(v: number) {
    try {
      await acknowledge.mutateAsync(v);
    } catch (error) {
      toast({
        variant: "destructive",
        title: i18n.t("document-parts:acknowledge.notAcknowledged"),
        description: errorText(error),
      });
      return;
    }
    toast({
      title: i18n.t("document-parts:acknowledge.acknowledged"),
      description: i18n.t("document-parts:acknowledge.confirmed", { version: v }),
    });
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid="acknowledge-banner">
      <p className="flex min-w-0 items-center gap-2">
        <Megaphone className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>{t("acknowledge.please", { version })}</span>
      </p>
      <Button
        size="sm"
        onClick={() => void confirm(version)}
        disabled={acknowledge.isPending}
        data-testid="button-acknowledge"
      >
        <BookCheck aria-hidden="true" />
        {t("acknowledge.acknowledge")}
      </Button>
    </div>
  );
}

function OwnerPart({ document, state }: { document: Document; state: AcknowledgementState }) {
  const { t } = useTranslation("document-parts");
  const [dialog, setDialog] = useState<"start" | "report" | null>(null);
  const { campaign, counts, abilities } = state;
  const audience = campaign
    ? campaign.everyone
      ? t("acknowledge.everyone")
      : campaign.groups.map((g) => g.name).join(", ") || t("acknowledge.noGroup")
    : null;
  return (
    <div className="grid gap-2">
      {campaign && counts && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="text-acknowledgement-status">
          <Users className="size-4 text-primary" aria-hidden="true" />
          <span className="font-medium">
            {campaign.closedAt
              ? t("acknowledge.campaignClosed", { version: campaign.version })
              : t("acknowledge.campaign", { version: campaign.version })}
          </span>
          <span data-testid="text-acknowledgement-counts">
            {t("acknowledge.counts", {
              acknowledged: formatCount(counts.acknowledged),
              pending: formatCount(counts.pending),
            })}
          </span>
          <span className="text-muted-foreground break-words">· {t("acknowledge.asked", { audience })}</span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {campaign && abilities.report && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog("report")}
            data-testid="button-acknowledgement-report"
          >
            {t("acknowledge.who")}
          </Button>
        )}
        {abilities.start && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog("start")}
            data-testid="button-start-acknowledgement"
          >
            <Megaphone aria-hidden="true" />
            {t("acknowledge.ask")}
          </Button>
        )}
      </div>
      {dialog === "start" && <StartCampaignDialog document={document} onClose={() => setDialog(null)} />}
      {dialog === "report" && (
        <AcknowledgementReportDialog documentId={document.id} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
