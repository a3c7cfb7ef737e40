import { FileWarning, FileX } from "lucide-react";
import { Link } from "wouter";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorStatus } from "@/lib/api-client";

/** Seed §2/§8: the detail, raw and diff pages' message, or the clean view's own (`message`). */
export function DocumentNotFound({
  message = "The document you're looking for doesn't exist or you don't have permission to view it.",
}: {
  message?: string;
}) {
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
      data-testid="document-not-found"
    >
      <FileX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Document Not Found</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link href={paths.documents.getHref()} data-testid="link-back-to-documents">
          Back to Documents
        </Link>
      </Button>
    </div>
  );
}

/**
 * A document that could not be read: not found (or not the user's to see), or the server's reason.
 * The reason alone was once the whole page, with no heading and no way on; it now stands as the
 * not-found page does, with Try Again (when the page can read again) and Back to Documents.
 */
export function DocumentLoadError({
  error,
  notFoundMessage,
  onRetry,
}: {
  error: unknown;
  notFoundMessage?: string;
  onRetry?: () => void;
}) {
  if (errorStatus(error) === 404) return <DocumentNotFound message={notFoundMessage} />;
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
      data-testid="document-load-error"
    >
      <FileWarning className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Could Not Load Document</h1>
      <ErrorNotice error={error} fallback="The document could not be loaded. Please try again." />
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && (
          <Button variant="outline" onClick={onRetry} data-testid="button-retry-document">
            Try Again
          </Button>
        )}
        <Button asChild>
          <Link href={paths.documents.getHref()} data-testid="link-back-to-documents">
            Back to Documents
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** While a document's text loads: its title, a line of facts, the text. */
export function DocumentTextSkeleton({ className = "grid gap-4" }: { className?: string }) {
  return (
    <div className={className} role="status" aria-label="Loading document">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
