import { CheckCircle, ChevronDown, Clock, FileText, Inbox, TrendingUp } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useApprovalStats } from "@/lib/api/approvals";
import { approvalRate } from "../lib/derive";
import { formatCount, formatPercent } from "@/lib/format";
import "../locale";

/**
 * The dashboard's figures, from GET /api/approvals/stats: the rounds the user can see, and theirs.
 * When they cannot be loaded each card shows "—", as Home and the Dashboard do: a 0 there would
 * say "nothing waits on you" when nobody knows. On a phone only "Waiting on You" shows until the
 * user asks for the rest, so the first card to act on is near the top of the screen.
 */
export function ApprovalStatCards() {
  const { t } = useTranslation("approvals");
  const stats = useApprovalStats();
  const [allOnPhone, setAllOnPhone] = useState(false);
  const figure = (value: number | undefined): string => (value === undefined ? "—" : formatCount(value));
  const data = stats.data;
  const cards = [
    { label: t("stats.total"), value: figure(data?.total), icon: FileText, testId: "stat-approvals-total" },
    {
      label: t("stats.pending"),
      value: figure(data?.pending),
      icon: Clock,
      testId: "stat-approvals-pending",
    },
    {
      label: t("stats.approved"),
      value: figure(data?.approved),
      icon: CheckCircle,
      testId: "stat-approvals-approved",
    },
    {
      label: t("stats.rate"),
      value: data ? formatPercent(approvalRate(data.approved, data.total)) : "—",
      icon: TrendingUp,
      testId: "stat-approval-rate",
    },
    {
      label: t("stats.waiting"),
      value: figure(data?.waitingOnYou),
      icon: Inbox,
      testId: "stat-approvals-waiting",
      mine: true,
    },
  ];
  return (
    <>
      <div id="approval-figures" className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {cards.map((card) => (
          <Card
            key={card.label}
            // On a phone the tiles drop the card's own padding: the first round's actions stay in view.
            className={
              "mine" in card
                ? "order-first max-sm:py-0 sm:order-none"
                : allOnPhone
                  ? "max-sm:py-0"
                  : "hidden sm:block"
            }
          >
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
        <Button
          variant="outline"
          className="order-first h-auto self-stretch sm:hidden"
          aria-expanded={allOnPhone}
          aria-controls="approval-figures"
          data-testid="button-approval-figures"
          onClick={() => setAllOnPhone((open) => !open)}
        >
          {allOnPhone ? t("stats.fewer") : t("stats.all")}
          <ChevronDown className={allOnPhone ? "rotate-180" : undefined} aria-hidden="true" />
        </Button>
      </div>
      {stats.isError && <ErrorNotice error={stats.error} fallback={t("stats.failed")} />}
    </>
  );
}
