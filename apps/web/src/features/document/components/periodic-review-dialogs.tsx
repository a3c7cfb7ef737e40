import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  MAX_REVIEW_INTERVAL_MONTHS,
  nextReviewDate,
  type Document,
  type PeriodicReviewSuggestion,
} from "@quire/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { formatCount, formatDay } from "@/lib/format";
import { useReconfirm, useReviewSuggestion, useSetPeriodicReview } from "../api/periodic-review";
import "../locale";

const errorText = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^\d+: /, "") : String(error);

/** What the text's opening lines state, offered to the owner, never applied unasked. */
function SuggestionNote({
  suggestion,
  onUse,
}: {
  suggestion: PeriodicReviewSuggestion | undefined;
  onUse: (s: PeriodicReviewSuggestion) => void;
}) {
  const { t } = useTranslation("document");
  if (!suggestion || (!suggestion.effectiveOn && !suggestion.intervalMonths)) return null;
  // The dates are quoted as the document's text writes them.
  const parts = [
    suggestion.effectiveText && t("periodic.effectiveText", { text: suggestion.effectiveText }),
    suggestion.reviewText && t("periodic.reviewText", { text: suggestion.reviewText }),
  ].filter(Boolean);
  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3 text-sm" data-testid="review-suggestion">
      <p>
        {suggestion.intervalMonths
          ? t("periodic.statesApart", {
              parts: parts.join(" · "),
              count: suggestion.intervalMonths,
              n: formatCount(suggestion.intervalMonths),
            })
          : t("periodic.states", { parts: parts.join(" · ") })}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => onUse(suggestion)}
        data-testid="button-use-suggestion"
      >
        {t("periodic.useDates")}
      </Button>
    </div>
  );
}

/** The owner confirms the effective date and the review interval; the next review date follows. */
export function PeriodicReviewDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("document");
  const review = document.control.periodicReview;
  const [effectiveOn, setEffectiveOn] = useState(review.effectiveOn ?? "");
  const [months, setMonths] = useState(
    review.intervalSource === "document" && review.intervalMonths ? String(review.intervalMonths) : "",
  );
  const suggestion = useReviewSuggestion(document.id, true);
  const save = useSetPeriodicReview(document.id);
  const interval = months.trim() === "" ? null : Number(months);
  const valid =
    interval === null ||
    (Number.isInteger(interval) && interval >= 1 && interval <= MAX_REVIEW_INTERVAL_MONTHS);
  const preview = valid
    ? nextReviewDate(
        effectiveOn || null,
        null,
        interval ?? (review.intervalSource === "category" ? review.intervalMonths : null),
      )
    : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    try {
      await save.mutateAsync({ intervalMonths: interval, ...(effectiveOn ? { effectiveOn } : {}) });
    } catch (error) {
      toast({ variant: "destructive", title: t("periodic.notSaved"), description: errorText(error) });
      return;
    }
    toast({ title: t("periodic.saved") });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-review-schedule" closeLabel={t("dialogClose")}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("periodic.title")}</DialogTitle>
            <DialogDescription>
              {t("periodic.description", { version: document.control.effectiveVersion })}
            </DialogDescription>
          </DialogHeader>
          <SuggestionNote
            suggestion={suggestion.data}
            onUse={(s) => {
              if (s.effectiveOn) setEffectiveOn(s.effectiveOn);
              if (s.intervalMonths) setMonths(String(s.intervalMonths));
            }}
          />
          <div className="grid gap-2">
            <Label htmlFor="review-effective-on">{t("periodic.effectiveOn")}</Label>
            <Input
              id="review-effective-on"
              type="date"
              value={effectiveOn}
              onChange={(e) => setEffectiveOn(e.target.value)}
              data-testid="input-effective-on"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="review-interval">{t("periodic.interval")}</Label>
            <Input
              id="review-interval"
              inputMode="numeric"
              value={months}
              onChange={(e) => setMonths(e.target.value)}
              aria-invalid={!valid}
              aria-describedby="review-interval-note"
              data-testid="input-review-interval"
            />
            <p
              id="review-interval-note"
              className={valid ? "text-xs text-muted-foreground" : "text-xs text-destructive"}
            >
              {valid
                ? preview
                  ? t("periodic.next", { date: formatDay(preview) })
                  : t("periodic.noInterval")
                : t("periodic.invalid", { max: MAX_REVIEW_INTERVAL_MONTHS })}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("periodic.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={!valid || save.isPending}
              data-testid="button-save-review-schedule"
            >
              {t("periodic.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Re-confirm: the owner reviewed the effective version and it stays; a record with an optional note. */
export function ReconfirmDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("document");
  const [comment, setComment] = useState("");
  const reconfirm = useReconfirm(document.id);

  async function confirm() {
    try {
      await reconfirm.mutateAsync(comment);
    } catch (error) {
      toast({ variant: "destructive", title: t("periodic.notReconfirmed"), description: errorText(error) });
      return;
    }
    toast({
      title: t("periodic.reconfirmed"),
      description: t("periodic.staysEffective", { version: document.control.effectiveVersion }),
    });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-reconfirm" closeLabel={t("dialogClose")}>
        <DialogHeader>
          <DialogTitle>
            {t("periodic.reconfirmTitle", { version: document.control.effectiveVersion })}
          </DialogTitle>
          <DialogDescription>{t("periodic.reconfirmText")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="reconfirm-comment">{t("periodic.note")}</Label>
          <Textarea
            id="reconfirm-comment"
            value={comment}
            maxLength={2000}
            onChange={(e) => setComment(e.target.value)}
            data-testid="input-reconfirm-comment"
          />
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("periodic.cancel")}
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={reconfirm.isPending}
            data-testid="button-confirm-reconfirm"
          >
            {t("control.reconfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
