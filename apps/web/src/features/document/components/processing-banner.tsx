import { AlertTriangle, Loader2, RotateCcw } from "lucide-react";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useRetryProcessing } from "../api/retry-processing";

/** Conversion under way (the page polls) or failed with its reason and a Retry button. */
export function ProcessingBanner({ document }: { document: Document }) {
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
          <p className="font-medium">Processing this document...</p>
          <p className="text-sm text-muted-foreground">
            Its text is being extracted and indexed. This page updates by itself when it is done.
          </p>
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
        <p className="font-medium text-destructive">Processing failed</p>
        <p className="text-sm break-words text-muted-foreground">
          {error ?? "The file could not be processed."}
        </p>
      </div>
      {document.abilities.createVersion && (
        <Button
          variant="outline"
          size="sm"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(undefined, {
              onError: (err) =>
                toast({ variant: "destructive", title: "Retry failed", description: errorMessage(err) }),
            })
          }
          data-testid="button-retry-processing"
        >
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      )}
    </div>
  );
}
