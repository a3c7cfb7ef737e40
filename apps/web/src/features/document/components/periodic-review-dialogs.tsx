import { useState, type FormEvent } from "react";
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
import { formatDay } from "@/lib/format";
import { useReconfirm, useReviewSuggestion, useSetPeriodicReview } from "../api/periodic-review";

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
  if (!suggestion || (!suggestion.effectiveOn && !suggestion.intervalMonths)) return null;
  const parts = [
    suggestion.effectiveText && `Effective: ${suggestion.effectiveText}`,
    suggestion.reviewText && `Review date: ${suggestion.reviewText}`,
  ].filter(Boolean);
  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3 text-sm" data-testid="review-suggestion">
      <p>
        The document&apos;s text states {parts.join(" · ")}
        {suggestion.intervalMonths ? `, ${suggestion.intervalMonths} months apart` : ""}.
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={() => onUse(suggestion)}
        data-testid="button-use-suggestion"
      >
        Use these dates
      </Button>
    </div>
  );
}

/** The owner confirms the effective date and the review interval; the next review date follows. */
export function PeriodicReviewDialog({ document, onClose }: { document: Document; onClose: () => void }) {
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
      toast({ variant: "destructive", title: "Review schedule not saved", description: errorText(error) });
      return;
    }
    toast({ title: "Review schedule saved" });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-review-schedule">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Periodic review</DialogTitle>
            <DialogDescription>
              Version {document.control.effectiveVersion} is reviewed every interval from its effective date
              (or its last re-confirmation). Leave the interval empty to follow the category&apos;s default.
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
            <Label htmlFor="review-effective-on">Effective date</Label>
            <Input
              id="review-effective-on"
              type="date"
              value={effectiveOn}
              onChange={(e) => setEffectiveOn(e.target.value)}
              data-testid="input-effective-on"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="review-interval">Review every (months)</Label>
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
                  ? `Next review: ${formatDay(preview)}`
                  : "No periodic review without an interval."
                : `A whole number of months from 1 to ${MAX_REVIEW_INTERVAL_MONTHS}.`}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!valid || save.isPending}
              data-testid="button-save-review-schedule"
            >
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Re-confirm: the owner reviewed the effective version and it stays; a record with an optional note. */
export function ReconfirmDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const [comment, setComment] = useState("");
  const reconfirm = useReconfirm(document.id);

  async function confirm() {
    try {
      await reconfirm.mutateAsync(comment);
    } catch (error) {
      toast({ variant: "destructive", title: "Not re-confirmed", description: errorText(error) });
      return;
    }
    toast({
      title: "Re-confirmed",
      description: `Version ${document.control.effectiveVersion} stays effective.`,
    });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-reconfirm">
        <DialogHeader>
          <DialogTitle>Re-confirm version {document.control.effectiveVersion}?</DialogTitle>
          <DialogDescription>
            You reviewed the effective version and it stays as it is. The review is recorded in the
            document&apos;s history and the next review is counted from today. To change the text, choose
            Revise instead.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="reconfirm-comment">Note (optional)</Label>
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
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={reconfirm.isPending}
            data-testid="button-confirm-reconfirm"
          >
            Re-confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
