import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { CalendarClock } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useReviewsDue } from "../api/reviews-due";
import "../locale";

/**
 * Document control's periodic reviews that need someone: due within a month, or lapsed. Shown
 * only when there are any, so an archive without periodic review keeps its dashboard as it was.
 */
export function PeriodicReviews() {
  const { t } = useTranslation("dashboard");
  const due = useReviewsDue();
  if (due.isPending) return <Skeleton className="h-24" role="status" aria-label={t("periodic.loading")} />;
  if (due.isError) return <ErrorNotice error={due.error} fallback={t("periodic.failed")} />;
  if (due.data.length === 0) return null;
  return (
    <Card data-testid="periodic-reviews">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5" aria-hidden="true" />
          {t("periodic.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1">
          {due.data.map((item) => (
            <li key={item.documentId}>
              <Link
                href={paths.document.getHref(item.documentId)}
                className="flex flex-wrap items-start justify-between gap-2 rounded-md p-2 hover:bg-muted/50"
                data-testid={`review-due-${item.documentId}`}
              >
                <span className="min-w-0">
                  <span className="block text-sm font-medium break-words">{item.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {t(item.state === "overdue" ? "periodic.lineOverdue" : "periodic.line", {
                      version: item.effectiveVersion,
                      owner: item.owner,
                      date: formatDay(item.nextReviewOn),
                    })}
                  </span>
                </span>
                <span
                  className={cn(
                    "rounded-md px-2 py-0.5 text-xs font-medium",
                    item.state === "overdue"
                      ? "bg-destructive/10 text-destructive"
                      : "bg-amber-100 text-amber-900 dark:bg-amber-900/30 dark:text-amber-200",
                  )}
                >
                  {item.state === "overdue" ? t("periodic.lapsed") : t("periodic.due")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
