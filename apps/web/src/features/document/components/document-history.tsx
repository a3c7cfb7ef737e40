import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatDateTime } from "@/lib/format";
import { useDocumentActivity } from "../api/get-document-activity";
import "../locale";
import { ActivityLabel } from "@/components/activity-label";
import { reasonInData, roundReasonText } from "@/lib/round-reason";

const STEP = 10;
const MOST = 200;

/**
 * The document's history in the side panel: uploads, edits, versions, reviews, archive and
 * restore, views and downloads, newest first. Mounted only for those who may change the
 * document (its abilities), which is who the server answers.
 */
export function DocumentHistory({ documentId }: { documentId: string }) {
  const { t } = useTranslation("document");
  const [pageSize, setPageSize] = useState(STEP);
  const history = useDocumentActivity(documentId, pageSize);
  const total = history.data?.total ?? 0;

  return (
    <Card className="gap-3 py-4" data-testid="panel-history">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t("history.title")}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {history.isPending ? (
          <Skeleton className="h-24" />
        ) : history.isError ? (
          <ErrorNotice error={history.error} fallback={t("history.failed")} className="text-sm" />
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("history.none")}</p>
        ) : (
          <ol className="space-y-2 text-sm" data-testid="list-history">
            {history.data.items.map((entry) => (
              <li key={entry.id} className="min-w-0" data-testid="history-entry">
                <p className="break-words">
                  <ActivityLabel className="font-medium" action={entry.action} />
                  {entry.data && typeof entry.data.version === "number" && ` (v${entry.data.version})`}
                  <span className="text-muted-foreground">
                    {" "}
                    {entry.username ? t("history.by", { name: entry.username }) : t("history.bySomeone")}
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.ip && ` · ${entry.ip}`}
                </p>
                {entry.comment && (
                  <p className="break-words text-xs italic">
                    {t("history.quoted", {
                      comment: roundReasonText(reasonInData(entry.data), entry.comment),
                    })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {total > pageSize && pageSize < MOST && (
          <Button
            variant="link"
            className="mt-2 h-auto px-0"
            onClick={() => setPageSize(Math.min(MOST, pageSize + STEP * 2))}
            data-testid="button-history-more"
          >
            {t("history.more", { n: formatCount(total - pageSize) })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
