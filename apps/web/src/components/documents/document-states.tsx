import { FileWarning, FileX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorStatus } from "@/lib/api-client";
import "@/components/document-parts-locale";

/** Seed §2/§8: the detail, raw and diff pages' message, or the clean view's own (`message`). */
export function DocumentNotFound({ message }: { message?: string | undefined }) {
  const { t } = useTranslation("document-parts");
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
      data-testid="document-not-found"
    >
      <FileX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("states.notFound")}</h1>
      <p className="text-muted-foreground">{message ?? t("states.notFoundText")}</p>
      <Button asChild>
        <Link href={paths.documents.getHref()} data-testid="link-back-to-documents">
          {t("states.back")}
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
  const { t } = useTranslation("document-parts");
  if (errorStatus(error) === 404) return <DocumentNotFound message={notFoundMessage} />;
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
      data-testid="document-load-error"
    >
      <FileWarning className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t("states.loadFailed")}</h1>
      <ErrorNotice error={error} fallback={t("states.loadFailedText")} />
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && (
          <Button variant="outline" onClick={onRetry} data-testid="button-retry-document">
            {t("states.retry")}
          </Button>
        )}
        <Button asChild>
          <Link href={paths.documents.getHref()} data-testid="link-back-to-documents">
            {t("states.back")}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** While a document's text loads: its title, a line of facts, the text. */
export function DocumentTextSkeleton({ className = "grid gap-4" }: { className?: string }) {
  const { t } = useTranslation("document-parts");
  return (
    <div className={className} role="status" aria-label={t("states.loading")}>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
