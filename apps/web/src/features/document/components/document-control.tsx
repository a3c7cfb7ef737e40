import { useState } from "react";
import { CalendarCheck, FilePen, Settings2, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Document, DocumentStatus } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { formatCount, formatDate, formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";
import { PeriodicReviewDialog, ReconfirmDialog } from "./periodic-review-dialogs";
import "../locale";

/** A document status in the interface's language; one this release does not know, as the server sent it. */
function useStatusName(): (status: string) => string {
  const { t, i18n } = useTranslation("common");
  return (status) =>
    i18n.exists(`common:status.${status}`) ? t(`status.${status as DocumentStatus}`) : status;
}

/**
 * Document control on the document's page: which version is effective and since when, which is in
 * progress, and the periodic review with what its owner may do about it (re-confirm, revise, set
 * the dates). Nothing shows for a document that was never approved and has no review to keep.
 */
export function DocumentControl({ document, onRevise }: { document: Document; onRevise: () => void }) {
  const { t } = useTranslation("document");
  const statusName = useStatusName();
  const { control, abilities } = document;
  const [dialog, setDialog] = useState<"schedule" | "reconfirm" | null>(null);
  if (control.effectiveVersion === null) return null;
  const review = control.periodicReview;
  const lapsed = review.state === "overdue";
  return (
    <section
      aria-label={t("control.label")}
      className={cn(
        "grid gap-2 rounded-lg border p-3 text-sm",
        lapsed ? "border-destructive/50 bg-destructive/5" : "bg-muted/30",
      )}
      data-testid="document-control"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        <span className="font-medium" data-testid="text-effective">
          {control.effectiveAt
            ? t("control.effectiveApproved", {
                version: control.effectiveVersion,
                date: formatDate(control.effectiveAt),
              })
            : t("control.effective", { version: control.effectiveVersion })}
        </span>
        {control.revision && (
          <span className="text-muted-foreground" data-testid="text-in-progress">
            ·{" "}
            {t("control.inProgress", {
              version: control.revision.version,
              status: statusName(control.revision.status),
            })}
          </span>
        )}
      </p>
      {control.readingEffective && (
        <p className="text-muted-foreground" data-testid="text-reading-effective">
          {t("control.readingEffective")}
        </p>
      )}
      <ReviewLine document={document} />
      {abilities.control && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDialog("reconfirm")}
            data-testid="button-reconfirm"
          >
            <CalendarCheck aria-hidden="true" />
            {t("control.reconfirm")}
          </Button>
          {abilities.createVersion && (
            <Button size="sm" variant="outline" onClick={onRevise} data-testid="button-revise">
              <FilePen aria-hidden="true" />
              {t("control.revise")}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setDialog("schedule")}
            data-testid="button-review-schedule"
          >
            <Settings2 aria-hidden="true" />
            {t("control.schedule")}
          </Button>
        </div>
      )}
      {dialog === "schedule" && <PeriodicReviewDialog document={document} onClose={() => setDialog(null)} />}
      {dialog === "reconfirm" && <ReconfirmDialog document={document} onClose={() => setDialog(null)} />}
    </section>
  );
}

function ReviewLine({ document }: { document: Document }) {
  const { t } = useTranslation("document");
  const review = document.control.periodicReview;
  if (!review.nextReviewOn) {
    return (
      <p className="text-muted-foreground" data-testid="text-next-review">
        {document.abilities.control ? t("control.noReviewSetBelow") : t("control.noReview")}
      </p>
    );
  }
  const months = review.intervalMonths;
  const every = months
    ? ` ${
        review.intervalSource === "category"
          ? t("control.everyCategory", { count: months, n: formatCount(months) })
          : t("control.every", { count: months, n: formatCount(months) })
      }`
    : "";
  return (
    <p className="flex flex-wrap items-center gap-2" data-testid="text-next-review">
      <span>
        {t("control.nextReview", { date: formatDay(review.nextReviewOn) })}
        {every}
      </span>
      {review.state === "due" && (
        <span
          className="rounded-md bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/30 dark:text-amber-200"
          data-testid="badge-review-state"
        >
          {t("control.due")}
        </span>
      )}
      {review.state === "overdue" && (
        <span
          className="rounded-md bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive"
          data-testid="badge-review-state"
        >
          {t("control.lapsed")}
        </span>
      )}
    </p>
  );
}
