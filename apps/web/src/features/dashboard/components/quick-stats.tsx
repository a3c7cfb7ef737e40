import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useApprovalStats } from "@/lib/api/approvals";
import { useDocumentStats } from "@/features/dashboard/api/document-stats";
import { formatBytes, formatCount } from "@/lib/format";
import "../locale";

/** Quick Stats with real figures (PRODUCT.md), counted by the server over what the user may see. */
export function QuickStats() {
  const { t } = useTranslation("dashboard");
  const stats = useDocumentStats();
  const approvals = useApprovalStats();
  const rows: { label: string; value: string | undefined; testId: string }[] = [
    {
      label: t("quickStats.total"),
      value: stats.data && formatCount(stats.data.total),
      testId: "quick-stat-total",
    },
    {
      // The same server count as the Approval Dashboard: every open round the user can see.
      label: t("quickStats.pending"),
      value: approvals.data && formatCount(approvals.data.pending),
      testId: "quick-stat-pending",
    },
    {
      label: t("quickStats.waiting"),
      value: approvals.data && formatCount(approvals.data.waitingOnYou),
      testId: "quick-stat-waiting",
    },
    {
      label: t("quickStats.week"),
      value: stats.data && formatCount(stats.data.updatedThisWeek),
      testId: "quick-stat-week",
    },
    {
      label: t("quickStats.versions"),
      value: stats.data && formatCount(stats.data.versions),
      testId: "quick-stat-versions",
    },
    {
      label: t("quickStats.storage"),
      value: stats.data && formatBytes(stats.data.storageBytes),
      testId: "quick-stat-storage",
    },
  ];
  const failed = stats.isError || approvals.isError;
  return (
    <Card data-testid="quick-stats">
      <CardHeader>
        <CardTitle>{t("quickStats.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between text-sm">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="font-semibold" data-testid={row.testId}>
                {row.value ?? (failed ? "—" : <Skeleton className="h-4 w-8" />)}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
