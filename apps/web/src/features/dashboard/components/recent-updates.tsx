import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Clock } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useRecentDocuments } from "@/lib/api/recent-documents";
import { relativeUpdateTime } from "../lib/dashboard-logic";
import "../locale";

export const RECENT_UPDATE_SKELETONS = 4;
const RECENT_UPDATES = 5;

export function RecentUpdates() {
  const { t } = useTranslation("dashboard");
  const recent = useRecentDocuments(RECENT_UPDATES);
  return (
    <Card data-testid="recent-updates">
      <CardHeader>
        <CardTitle>{t("recent.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <div className="space-y-3" role="status" aria-label={t("recent.loading")}>
            {Array.from({ length: RECENT_UPDATE_SKELETONS }, (_, i) => (
              <Skeleton key={i} className="h-12" data-testid="skeleton-recent" />
            ))}
          </div>
        ) : recent.isError ? (
          <ErrorNotice error={recent.error} fallback={t("recent.failed")} />
        ) : recent.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("recent.none")}</p>
        ) : (
          <ul className="space-y-1">
            {recent.data.map((document) => (
              <li key={document.id}>
                <Link
                  href={paths.document.getHref(document.id)}
                  className="flex items-start justify-between gap-3 rounded-md p-2 hover:bg-muted/50"
                  data-testid={`recent-update-${document.id}`}
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{document.title}</span>
                    <span className="flex items-center gap-1 text-xs text-muted-foreground">
                      <Clock className="size-3" aria-hidden="true" />
                      {relativeUpdateTime(document.updatedAt)} · {document.owner}
                    </span>
                  </span>
                  <StatusBadge status={document.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
