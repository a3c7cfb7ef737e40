import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { BookCheck } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useToAcknowledge } from "@/lib/api/acknowledgements";
import { formatCount, formatDate } from "@/lib/format";
import "@/components/locale";

/**
 * The dashboard's "To acknowledge": campaigns that ask the signed-in user to confirm reading a
 * document, with the count the server gives. Shown only when there is something to acknowledge.
 */
export function ToAcknowledge() {
  const { t } = useTranslation("shared");
  const mine = useToAcknowledge();
  if (mine.isPending)
    return <Skeleton className="h-24" role="status" aria-label={t("acknowledge.loading")} />;
  if (mine.isError) return <ErrorNotice error={mine.error} fallback={t("acknowledge.failed")} />;
  if (mine.data.count === 0) return null;
  return (
    <Card data-testid="to-acknowledge">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <BookCheck className="size-5" aria-hidden="true" />
          {t("acknowledge.title")}
          <span
            className="rounded-md bg-primary/10 px-2 py-0.5 text-sm font-medium text-primary"
            data-testid="text-to-acknowledge-count"
          >
            {formatCount(mine.data.count)}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1">
          {mine.data.items.map((item) => (
            <li key={item.documentId}>
              <Link
                href={paths.document.getHref(item.documentId)}
                className="flex flex-wrap items-start justify-between gap-2 rounded-md p-2 hover:bg-muted/50"
                data-testid={`to-acknowledge-${item.documentId}`}
              >
                <span className="min-w-0">
                  <span className="block text-sm font-medium break-words">{item.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {t("acknowledge.line", { version: item.version, date: formatDate(item.startedAt) })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
