import { useState, type FormEvent } from "react";
import { MAX_REVIEW_INTERVAL_MONTHS } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { usePutCategoryReviewInterval } from "../api/review-interval";

/** The category's default periodic-review interval; a document may override it. Empty for none. */
export function ReviewIntervalField({ categoryId, months }: { categoryId: string; months: number | null }) {
  const [text, setText] = useState(months === null ? "" : String(months));
  const [error, setError] = useState<string | null>(null);
  const save = usePutCategoryReviewInterval(categoryId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = text.trim() === "" ? null : Number(text);
    save.mutate(value, {
      onSuccess: () =>
        toast({
          title: "Review interval saved",
          description:
            value === null
              ? "Documents here have no periodic review unless they set their own."
              : `Documents here are reviewed every ${value} months unless they set their own interval.`,
        }),
      onError: (e) => setError(errorMessage(e).replace(/^Invalid body:\s*/, "")),
    });
  }

  return (
    <form className="space-y-1" onSubmit={onSubmit} data-testid="form-review-interval">
      <Label htmlFor={`review-interval-${categoryId}`}>Periodic review every (months; empty for none)</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`review-interval-${categoryId}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_REVIEW_INTERVAL_MONTHS}
          className="w-32"
          value={text}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
          data-testid="input-category-review-interval"
        />
        <Button
          type="submit"
          variant="outline"
          disabled={save.isPending}
          data-testid="button-save-review-interval"
        >
          {save.isPending ? "Saving..." : "Save Interval"}
        </Button>
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="error-review-interval">
          {error}
        </p>
      )}
    </form>
  );
}
