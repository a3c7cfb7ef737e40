import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { CheckCircle, Clock, FileText, Inbox, TrendingUp } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import type { ApprovalListItem } from "@quire/contracts";
import { useApprovals, useApprovalStats } from "@/lib/api/approvals";
import { useFeatures } from "@/lib/api/settings";
import { ApprovalCard } from "./components/approval-card";
import {
  activityOverTime,
  approvalFilters,
  approvalRate,
  filterApprovals,
  type ApprovalFilter,
} from "./lib/derive";

// Recharts is large; the chart loads after the cards.
const ApprovalsChart = lazy(async () => ({
  default: (await import("./components/approvals-chart")).ApprovalsChart,
}));

/** The seed's four filters, plus the rounds waiting on the signed-in user's own action. */
const WAITING = "Waiting on Me";
type View = ApprovalFilter | typeof WAITING;
const views: readonly View[] = [WAITING, ...approvalFilters];

const filterTestIds: Record<View, string> = {
  [WAITING]: "filter-waiting-on-me",
  "All Documents": "filter-all",
  "In Progress": "filter-in-progress",
  Approved: "filter-approved",
  Rejected: "filter-rejected",
};

const waitingOnMe = (item: ApprovalListItem) => item.abilities.review || item.abilities.decide;

/** Seed §2 Approval Dashboard, plus a chart of approval activity over time. */
export function ApprovalsPage() {
  const approvals = useApprovals();
  const stats = useApprovalStats();
  const [filter, setFilter] = useState<View>("All Documents");
  const { approvalWorkflows } = useFeatures();
  const total = stats.data?.total ?? 0;
  const approved = stats.data?.approved ?? 0;
  const statCards = [
    { label: "Total Documents", value: total, icon: FileText, testId: "stat-approvals-total" },
    {
      label: "Pending Review",
      value: stats.data?.pending ?? 0,
      icon: Clock,
      testId: "stat-approvals-pending",
    },
    { label: "Approved", value: approved, icon: CheckCircle, testId: "stat-approvals-approved" },
    {
      label: "Approval Rate",
      value: `${approvalRate(approved, total)}%`,
      icon: TrendingUp,
      testId: "stat-approval-rate",
    },
    {
      label: "Waiting on You",
      value: stats.data?.waitingOnYou ?? 0,
      icon: Inbox,
      testId: "stat-approvals-waiting",
    },
  ];
  const shown = !approvals.data
    ? []
    : filter === WAITING
      ? approvals.data.filter(waitingOnMe)
      : filterApprovals(approvals.data, filter);
  const chartData = approvals.data ? activityOverTime(approvals.data) : [];

  return (
    <div className="space-y-6" data-testid="approvals-page">
      <PageHeader
        title="Approval Dashboard"
        description="Monitor and manage document approval workflows"
        actions={
          <Button asChild variant="outline">
            <Link href={paths.documents.getHref()} data-testid="link-all-documents">
              All Documents
            </Link>
          </Button>
        }
      />
      {!approvalWorkflows && (
        <p
          role="status"
          className="rounded-md border border-dashed p-3 text-sm text-muted-foreground"
          data-testid="text-approvals-off"
        >
          Approval workflows are turned off in Settings. Rounds already started are listed below.
        </p>
      )}
      <p className="text-sm text-muted-foreground" data-testid="text-approvals-scope">
        Figures count all approval rounds you can see; "Waiting on You" counts yours.
      </p>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {statCards.map((card) => (
          <Card key={card.label}>
            <CardContent className="flex items-center justify-between gap-2 p-4">
              <div>
                <p className="text-sm text-muted-foreground">{card.label}</p>
                {stats.isPending ? (
                  <Skeleton className="mt-1 h-7 w-12" />
                ) : (
                  <p className="text-2xl font-bold" data-testid={card.testId}>
                    {card.value}
                  </p>
                )}
              </div>
              <card.icon className="size-6 text-muted-foreground" aria-hidden="true" />
            </CardContent>
          </Card>
        ))}
      </div>
      {stats.isError && (
        <p role="alert" className="text-destructive">
          {errorMessage(stats.error, "The approval figures could not be loaded.")}
        </p>
      )}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter approvals">
        {views.map((name) => (
          <Button
            key={name}
            variant={filter === name ? "default" : "outline"}
            size="sm"
            aria-pressed={filter === name}
            data-testid={filterTestIds[name]}
            onClick={() => setFilter(name)}
          >
            {name}
          </Button>
        ))}
      </div>
      {approvals.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading approvals">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : approvals.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(approvals.error, "The approvals could not be loaded.")}
        </p>
      ) : shown.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center">
            <p className="text-lg font-medium" data-testid="text-no-approvals">
              {filter === WAITING ? "Nothing is waiting on you" : "No approvals found"}
            </p>
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {shown.map((approval) => (
            <ApprovalCard key={approval.id} approval={approval} />
          ))}
        </div>
      )}
      {chartData.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Approvals over time</CardTitle>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Skeleton className="h-64" />}>
              <ApprovalsChart data={chartData} />
            </Suspense>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
