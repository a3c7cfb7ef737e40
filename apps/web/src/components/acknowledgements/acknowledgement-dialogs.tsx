import { useState, type FormEvent } from "react";
import { Download } from "lucide-react";
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
import { formatDateTime } from "@/lib/format";

const errorText = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^\d+: /, "") : String(error);

/** The owner chooses whom to ask: everyone who can read the document, or some groups. */
export function StartCampaignDialog({ document, onClose }: { document: Document; onClose: () => void }) {
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
      toast({ variant: "destructive", title: "Campaign not started", description: errorText(error) });
      return;
    }
    toast({ title: "Campaign started", description: "Those asked are notified." });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-start-acknowledgement">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Ask to read and acknowledge</DialogTitle>
            <DialogDescription>
              Those you ask confirm they read version {document.control.effectiveVersion}, the effective one.
              When a newer version becomes effective, they are asked again.
            </DialogDescription>
          </DialogHeader>
          <div className="flex items-center gap-2">
            <Checkbox
              id="ack-everyone"
              checked={everyone}
              onCheckedChange={(value) => setEveryone(value === true)}
              data-testid="checkbox-ack-everyone"
            />
            <Label htmlFor="ack-everyone">Everyone who can read this document</Label>
          </div>
          {!everyone && (
            <fieldset className="grid gap-2" data-testid="ack-groups">
              <legend className="mb-1 text-sm font-medium">Groups</legend>
              {groups.isPending && <Skeleton className="h-16" />}
              {groups.isError && (
                <ErrorNotice error={groups.error} fallback="The groups could not be loaded." />
              )}
              {groups.data?.length === 0 && <p className="text-sm text-muted-foreground">No groups yet.</p>}
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
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!valid || start.isPending}
              data-testid="button-confirm-start-acknowledgement"
            >
              Start campaign
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
  const report = useAcknowledgementReport(documentId, true);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-acknowledgement-report">
        <DialogHeader>
          <DialogTitle>Who has acknowledged</DialogTitle>
          <DialogDescription>
            {report.data
              ? `Version ${report.data.campaign.version}: ${report.data.counts.acknowledged} acknowledged, ${report.data.counts.pending} not yet.`
              : "The campaign's acknowledgments."}
          </DialogDescription>
        </DialogHeader>
        {report.isPending && <Skeleton className="h-24" />}
        {report.isError && <ErrorNotice error={report.error} fallback="The report could not be loaded." />}
        {report.data && (
          <div className="grid max-h-[50vh] gap-4 overflow-y-auto text-sm">
            <section aria-labelledby="ack-done-title">
              <h3 id="ack-done-title" className="mb-1 font-medium">
                Acknowledged ({report.data.counts.acknowledged})
              </h3>
              {report.data.acknowledged.length === 0 && <p className="text-muted-foreground">Nobody yet.</p>}
              <ul className="grid gap-1" data-testid="list-acknowledged">
                {report.data.acknowledged.map((a) => (
                  <li key={a.name} className="min-w-0">
                    <span className="font-medium">{a.name}</span>{" "}
                    <span className="text-muted-foreground">
                      · {formatDateTime(a.acknowledgedAt)} · sha256 {a.markdownSha256.slice(0, 12)}…
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="ack-pending-title">
              <h3 id="ack-pending-title" className="mb-1 font-medium">
                Not yet ({report.data.counts.pending})
              </h3>
              {report.data.pending.length === 0 && (
                <p className="text-muted-foreground">Nobody is waited on.</p>
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
            Close
          </Button>
          <Button asChild>
            <a href={acknowledgementCsvHref(documentId)} download data-testid="link-acknowledgement-csv">
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
