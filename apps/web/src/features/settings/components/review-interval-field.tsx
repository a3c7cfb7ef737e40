import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MAX_REVIEW_INTERVAL_MONTHS } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { usePutCategoryReviewInterval } from "../api/review-interval";
import "../locale";

/** The category's default periodic-review interval; a document may override it. Empty for none. */
export function ReviewIntervalField({ categoryId, months }: { categoryId: string; months: number | null }) {
  const [text, setText] = useState(months === null ? "" : String(months));
  const [error, setError] = useState<string | null>(null);
  const save = usePutCategoryReviewInterval(categoryId);
  const { t } = useTranslation("settings");

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const value = text.trim() === "" ? null : Number(text);
    save.mutate(value, {
      onSuccess: () =>
        toast({
          title: t("reviewInterval.saved"),
          description:
            value === null
              ? t("reviewInterval.none")
              : t("reviewInterval.every", { count: value, n: formatCount(value) }),
        }),
      onError: (e) => setError(errorMessage(e).replace(/^Invalid body:\s*/, "")),
    });
  }

  return (
    <form className="space-y-1" onSubmit={onSubmit} data-testid="form-review-interval">
      <Label htmlFor={`review-interval-${categoryId}`}>{t("reviewInterval.label")}</Label>
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
          {save.isPending ? t("saving") : t("reviewInterval.save")}
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
