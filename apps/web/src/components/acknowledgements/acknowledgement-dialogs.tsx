import { useState, type FormEvent } from "react";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNotice } from "@/components/error-notice";
import { toast } from "@/hooks/use-toast";
import {
  acknowledgementCsvHref,
  useAcknowledgementReport,
  useStartAcknowledgement,
} from "@/lib/api/acknowledgements";
import { useGroups } from "@/lib/api/groups";
import { formatCount, formatDateTime } from "@/lib/format";
import "@/components/document-parts-locale";

const errorText = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^\d+: /, "") : String(error);

/** The owner chooses whom to ask: everyone who can read the document, or some groups. */
export function StartCampaignDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("document-parts");
  const groups = useGroups();
  const start = useStartAcknowledgement(document.id);
  const [everyone, setEveryone] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const valid = everyone || chosen.length > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    try {
      await start.mutateAsync(everyone ? { everyone: true } : { groupIds: chosen });
    } catch (error) {
      toast({ variant: "destructive", title: t("acknowledge.notStarted"), description: errorText(error) });
      return;
    }
    toast({ title: t("acknowledge.started"), description: t("acknowledge.notified") });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-start-acknowledgement" closeLabel={t("dialogClose")}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("acknowledge.startTitle")}</DialogTitle>
            <DialogDescription>
              {t("acknowledge.startText", { version: document.control.effectiveVersion })}
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-center gap-2">
            <Checkbox
              id="ack-everyone"
              checked={everyone}
              onCheckedChange={(value) => setEveryone(value === true)}
              data-testid="checkbox-ack-everyone"
            />
            <Label htmlFor="ack-everyone">{t("acknowledge.everyoneLabel")}</Label>
          </div>
          {!everyone && (
            <fieldset className="grid gap-2" data-testid="ack-groups">
              <legend className="mb-1 text-sm font-medium">{t("acknowledge.groups")}</legend>
              {groups.isPending && <Skeleton className="h-16" />}
              {groups.isError && (
                <ErrorNotice error={groups.error} fallback={t("acknowledge.groupsFailed")} />
              )}
              {groups.data?.length === 0 && (
                <p className="text-sm text-muted-foreground">{t("acknowledge.noGroups")}</p>
              )}
              {groups.data?.map((g) => (
                <div key={g.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`ack-group-${g.id}`}
                    checked={chosen.includes(g.id)}
                    onCheckedChange={(value) =>
                      setChosen((list) =>
                        value === true ? [...list, g.id] : list.filter((id) => id !== g.id),
                      )
                    }
                    data-testid={`checkbox-ack-group-${g.id}`}
                  />
                  <Label htmlFor={`ack-group-${g.id}`} className="break-words">
                    {g.name}
                  </Label>
                </div>
              ))}
            </fieldset>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("acknowledge.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={!valid || start.isPending}
              data-testid="button-confirm-start-acknowledgement"
            >
              {t("acknowledge.start")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Who has acknowledged (with when and the version's hash) and who has not, and the CSV of it. */
export function AcknowledgementReportDialog({
  documentId,
  onClose,
}: {
  documentId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("document-parts");
  const report = useAcknowledgementReport(documentId, true);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-acknowledgement-report" closeLabel={t("dialogClose")}>
        <DialogHeader>
          <DialogTitle>{t("acknowledge.who")}</DialogTitle>
          <DialogDescription>
            {report.data
              ? t("acknowledge.reportSummary", {
                  version: report.data.campaign.version,
                  acknowledged: formatCount(report.data.counts.acknowledged),
                  pending: formatCount(report.data.counts.pending),
                })
              : t("acknowledge.reportEmpty")}
          </DialogDescription>
        </DialogHeader>
        {report.isPending && <Skeleton className="h-24" />}
        {report.isError && <ErrorNotice error={report.error} fallback={t("acknowledge.reportFailed")} />}
        {report.data && (
          <div className="grid max-h-[50vh] gap-4 overflow-y-auto text-sm">
            <section aria-labelledby="ack-done-title">
              <h3 id="ack-done-title" className="mb-1 font-medium">
                {t("acknowledge.doneTitle", { n: formatCount(report.data.counts.acknowledged) })}
              </h3>
              {report.data.acknowledged.length === 0 && (
                <p className="text-muted-foreground">{t("acknowledge.nobodyYet")}</p>
              )}
              <ul className="grid gap-1" data-testid="list-acknowledged">
                {report.data.acknowledged.map((a) => (
                  <li key={a.name} className="min-w-0">
                    <span className="font-medium">{a.name}</span>{" "}
                    <span className="text-muted-foreground">
                      · {formatDateTime(a.acknowledgedAt)} ·{" "}
                      {t("acknowledge.hash", { hash: a.markdownSha256.slice(0, 12) })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="ack-pending-title">
              <h3 id="ack-pending-title" className="mb-1 font-medium">
                {t("acknowledge.pendingTitle", { n: formatCount(report.data.counts.pending) })}
              </h3>
              {report.data.pending.length === 0 && (
                <p className="text-muted-foreground">{t("acknowledge.nobodyWaited")}</p>
              )}
              <ul className="grid gap-1" data-testid="list-not-acknowledged">
                {report.data.pending.map((p) => (
                  <li key={p.name} className="break-words">
                    {p.name}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("acknowledge.close")}
          </Button>
          <Button asChild>
            <a href={acknowledgementCsvHref(documentId)} download data-testid="link-acknowledgement-csv">
              <Download aria-hidden="true" />
              {t("acknowledge.csv")}
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
