import { CheckCircle, Clock, FileText, Inbox, TrendingUp } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useApprovalStats } from "@/lib/api/approvals";
import { approvalRate } from "../lib/derive";

/**
 * The dashboard's figures, from GET /api/approvals/stats: the rounds the user can see, and theirs.
 * When they cannot be loaded each card shows "—", as Home and the Dashboard do: a 0 there would
 * say "nothing waits on you" when nobody knows.
 */
export function ApprovalStatCards() {
  const stats = useApprovalStats();
  const figure = (value: number | undefined): string => (value === undefined ? "—" : String(value));
  const data = stats.data;
  const cards = [
    { label: "Total Documents", value: figure(data?.total), icon: FileText, testId: "stat-approvals-total" },
    {
      label: "Pending Review",
      value: figure(data?.pending),
      icon: Clock,
      testId: "stat-approvals-pending",
    },
    {
      label: "Approved",
      value: figure(data?.approved),
      icon: CheckCircle,
      testId: "stat-approvals-approved",
    },
    {
      label: "Approval Rate",
      value: data ? `${approvalRate(data.approved, data.total)}%` : "—",
      icon: TrendingUp,
      testId: "stat-approval-rate",
    },
    {
      label: "Waiting on You",
      value: figure(data?.waitingOnYou),
      icon: Inbox,
      testId: "stat-approvals-waiting",
    },
  ];
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {cards.map((card) => (
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
        <ErrorNotice error={stats.error} fallback="The approval figures could not be loaded." />
      )}
    </>
  );
}
