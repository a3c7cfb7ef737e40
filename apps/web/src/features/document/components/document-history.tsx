import { useState } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { useDocumentActivity } from "../api/get-document-activity";

const STEP = 10;
const MOST = 200;

/**
 * The document's history in the side panel: uploads, edits, versions, reviews, archive and
 * restore, views and downloads, newest first. Mounted only for those who may change the
 * document (its abilities), which is who the server answers.
 */
export function DocumentHistory({ documentId }: { documentId: string }) {
  const [pageSize, setPageSize] = useState(STEP);
  const history = useDocumentActivity(documentId, pageSize);
  const total = history.data?.total ?? 0;

  return (
    <Card className="gap-3 py-4" data-testid="panel-history">
      <CardHeader className="px-4">
        <CardTitle className="text-base">History</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {history.isPending ? (
          <Skeleton className="h-24" />
        ) : history.isError ? (
          <ErrorNotice
            error={history.error}
            fallback="The history could not be loaded."
            className="text-sm"
          />
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ol className="space-y-2 text-sm" data-testid="list-history">
            {history.data.items.map((entry) => (
              <li key={entry.id} className="min-w-0" data-testid="history-entry">
                <p className="break-words">
                  <span className="font-medium">{entry.action}</span>
                  {entry.data && typeof entry.data.version === "number" && ` (v${entry.data.version})`}
                  <span className="text-muted-foreground"> by {entry.username ?? "someone"}</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.ip && ` · ${entry.ip}`}
                </p>
                {entry.comment && <p className="break-words text-xs italic">"{entry.comment}"</p>}
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
            Show older ({total - pageSize} more)
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
