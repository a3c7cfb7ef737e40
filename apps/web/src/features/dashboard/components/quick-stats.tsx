import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useApprovalStats } from "@/lib/api/approvals";
import { useDocumentStats } from "@/features/dashboard/api/document-stats";
import { formatBytes } from "@/lib/format";

/** Quick Stats with real figures (PRODUCT.md), counted by the server over what the user may see. */
export function QuickStats() {
  const stats = useDocumentStats();
  const approvals = useApprovalStats();
  const rows: { label: string; value: string | undefined; testId: string }[] = [
    { label: "Total documents", value: stats.data && String(stats.data.total), testId: "quick-stat-total" },
    {
      // The same server count as the Approval Dashboard: every open round the user can see.
      label: "Pending reviews (all)",
      value: approvals.data && String(approvals.data.pending),
      testId: "quick-stat-pending",
    },
    {
      label: "Waiting on you",
      value: approvals.data && String(approvals.data.waitingOnYou),
      testId: "quick-stat-waiting",
    },
    {
      label: "Updates this week",
      value: stats.data && String(stats.data.updatedThisWeek),
      testId: "quick-stat-week",
    },
    {
      label: "Versions stored",
      value: stats.data && String(stats.data.versions),
      testId: "quick-stat-versions",
    },
    {
      label: "Storage used",
      value: stats.data && formatBytes(stats.data.storageBytes),
      testId: "quick-stat-storage",
    },
  ];
  const failed = stats.isError || approvals.isError;
  return (
    <Card data-testid="quick-stats">
      <CardHeader>
        <CardTitle>Quick Stats</CardTitle>
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
