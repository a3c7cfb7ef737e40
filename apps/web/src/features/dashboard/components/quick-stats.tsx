import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useApprovalStats } from "@/lib/api/approvals";
import { useDocumentSample } from "@/lib/api/document-counts";
import { countWithinWeek } from "../lib/dashboard-logic";

/**
 * Quick Stats with real figures (PRODUCT.md). The API reports no storage size yet, so the
 * fourth figure is the number of stored versions rather than an invented size.
 */
export function QuickStats() {
  const sample = useDocumentSample();
  const approvals = useApprovalStats();
  const rows: { label: string; value: string | undefined; testId: string }[] = [
    { label: "Total documents", value: sample.data && String(sample.data.total), testId: "quick-stat-total" },
    {
      label: "Pending reviews",
      value: approvals.data && String(approvals.data.pending),
      testId: "quick-stat-pending",
    },
    {
      label: "Updates this week",
      value: sample.data && String(countWithinWeek(sample.data.items.map((d) => d.updatedAt))),
      testId: "quick-stat-week",
    },
    {
      label: "Versions stored",
      value: sample.data && String(sample.data.items.reduce((sum, d) => sum + d.versionCount, 0)),
      testId: "quick-stat-versions",
    },
  ];
  const failed = sample.isError || approvals.isError;
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
