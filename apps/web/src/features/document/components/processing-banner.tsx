import { useEffect, useRef, useState } from "react";
import { AlertTriangle, Loader2, RotateCcw, Sparkles } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { confidenceLevel, type Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useStoredSuggestion } from "@/lib/api/stored-category-suggestion";
import { useMoveToCategory } from "@/lib/api/update-document";
import { useRetryProcessing } from "../api/retry-processing";
import { i18n } from "@/lib/i18n";
import "@/components/locale";
import "../locale";

/** Whether this page was opened by the upload form (it puts `{uploaded: true}` in history state). */
function openedAfterUpload(): boolean {
  const state: unknown = typeof window === "undefined" ? null : window.history.state;
  return typeof state === "object" && state !== null && (state as { uploaded?: unknown }).uploaded === true;
}

/**
 * Conversion under way (the page follows the server's live events) or failed with its reason and
 * a Retry button. Right after an upload it also says when processing has ended (seed §8's toast,
 * true only then) and offers the category the converted text suggests.
 */
export function ProcessingBanner({ document }: { document: Document }) {
  const [afterUpload] = useState(openedAfterUpload);
  const previous = useRef(document.processing.state);
  useEffect(() => {
    const was = previous.current;
    previous.current = document.processing.state;
    if (afterUpload && was === "processing" && document.processing.state === "ready") {
      toast({
        title: i18n.t("document:processing.uploaded"),
        description: i18n.t("document:processing.uploadedText", { title: document.title }),
      });
    }
  }, [afterUpload, document.processing.state, document.title]);
  return (
    <>
      <ProcessingState document={document} />
      {afterUpload && document.processing.state === "ready" && document.abilities.update && (
        <SuggestedCategory document={document} />
      )}
    </>
  );
}

/** The category the document's own text suggests, when it is not the one it is filed under. */
function SuggestedCategory({ document }: { document: Document }) {
  const { t } = useTranslation("document");
  const confidence = useTranslation("shared").t;
  const move = useMoveToCategory(document.id);
  const suggestion = useStoredSuggestion(document.id);
  const s = suggestion.data;
  if (!s?.categoryId || !s.categoryName || s.categoryId === document.categoryId) return null;
  const target = { id: s.categoryId, name: s.categoryName };
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-md border border-primary/40 p-4 text-sm"
      data-testid="banner-suggested-category"
    >
      <Sparkles className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <Trans
          t={t}
          i18nKey="processing.suggests"
          values={{
            category: target.name,
            confidence: confidence(`confidenceInline.${confidenceLevel(s.confidence)}`),
            current: document.category.name,
          }}
          components={{ strong: <strong /> }}
        />
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={move.isPending}
        onClick={() => move.move(target)}
        data-testid="button-move-suggested"
      >
        {t("processing.moveTo", { category: target.name })}
      </Button>
    </div>
  );
}

function ProcessingState({ document }: { document: Document }) {
  const { t } = useTranslation("document");
  const retry = useRetryProcessing(document.id);
  const { state, error } = document.processing;
  if (state === "processing") {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-md border border-primary/40 bg-primary/5 p-4"
        data-testid="banner-processing"
      >
        <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin text-primary" aria-hidden="true" />
        <div>
          <p className="font-medium">{t("processing.title")}</p>
          <p className="text-sm text-muted-foreground">{t("processing.text")}</p>
        </div>
      </div>
    );
  }
  if (state !== "failed") return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-md border border-destructive/50 p-4"
      data-testid="banner-failed"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-destructive">{t("processing.failed")}</p>
        <p className="text-sm break-words text-muted-foreground">{error ?? t("processing.failedText")}</p>
      </div>
      {document.abilities.createVersion && (
        <Button
          variant="outline"
          size="sm"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(undefined, {
              onError: (err) =>
                toast({
                  variant: "destructive",
                  title: t("processing.retryFailed"),
                  description: errorMessage(err),
                }),
            })
          }
          data-testid="button-retry-processing"
        >
          <RotateCcw aria-hidden="true" />
          {t("processing.retry")}
        </Button>
      )}
    </div>
  );
}
