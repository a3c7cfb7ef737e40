import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ErrorNotice } from "@/components/error-notice";
import { PageHeader } from "@/components/page-header";
import { Pagination, useListTop } from "@/components/pagination";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import type { ApprovalListItem } from "@quire/contracts";
import { useApprovals } from "@/lib/api/approvals";
import { useFeatures } from "@/lib/api/settings";
import { pageOf } from "@/lib/paging";
import { ApprovalCard } from "./components/approval-card";
import { ApprovalStatCards } from "./components/approval-stat-cards";
import {
  APPROVALS_PAGE_SIZE,
  approvalViews,
  defaultApprovalView,
  useApprovalListParams,
  WAITING,
  type ApprovalView,
} from "./hooks/use-approval-list-params";
import { activityOverTime, filterApprovals, type ActivityPoint } from "./lib/derive";
import { formatCount } from "@/lib/format";
import "./locale";

// Recharts is large; the chart loads after the cards.
const ApprovalsChart = lazy(async () => ({
  default: (await import("./components/approvals-chart")).ApprovalsChart,
}));

const filterTestIds: Record<ApprovalView, string> = {
  [WAITING]: "filter-waiting-on-me",
  "All Documents": "filter-all",
  "In Progress": "filter-in-progress",
  Approved: "filter-approved",
  Rejected: "filter-rejected",
};

const waitingOnMe = (item: ApprovalListItem) => item.abilities.review || item.abilities.decide;

/** Seed §2 Approval Dashboard, plus a chart of approval activity over time. */
export function ApprovalsPage() {
  const { t } = useTranslation("approvals");
  const approvals = useApprovals();
  const { view, page, update } = useApprovalListParams();
  const filter = useInitialView(view, approvals.data);
  const { approvalWorkflows } = useFeatures();
  const shown = !approvals.data
    ? []
    : filter === WAITING
      ? approvals.data.filter(waitingOnMe)
      : filterApprovals(approvals.data, filter);
  const [listTop, revealListTop] = useListTop<HTMLDivElement>();
  const onPage = (next: number) => {
    update({ page: next });
    revealListTop();
  };
  const chartData = approvals.data ? activityOverTime(approvals.data) : [];

  return (
    <div className="space-y-6" data-testid="approvals-page">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button asChild variant="outline">
            <Link href={paths.documents.getHref()} data-testid="link-all-documents">
              {t("allDocuments")}
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
          {t("off")}
        </p>
      )}
      <p className="text-sm text-muted-foreground" data-testid="text-approvals-scope">
        {t("scope")}
      </p>
      <ApprovalStatCards />
      <div ref={listTop} className="scroll-mt-4 space-y-6">
        <ViewFilters filter={filter} onFilter={(view) => update({ view })} />
        {approvals.isPending ? (
          <div className="space-y-4" role="status" aria-busy="true" aria-label={t("loading")}>
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        ) : approvals.isError ? (
          <ErrorNotice error={approvals.error} fallback={t("failed")} />
        ) : (
          <ApprovalCards shown={shown} page={page} waiting={filter === WAITING} onPage={onPage} />
        )}
      </div>
      {chartData.length > 0 && <ActivityChartCard data={chartData} />}
    </div>
  );
}

/** The URL's view, or the default chosen once from the first list that arrives. */
function useInitialView(view: ApprovalView | null, items: ApprovalListItem[] | undefined): ApprovalView {
  const [initial, setInitial] = useState<ApprovalView | null>(null);
  if (view) return view;
  if (initial) return initial;
  if (!items) return "All Documents";
  const chosen = defaultApprovalView(items.filter(waitingOnMe).length);
  // Setting state while rendering is React's documented way to derive it from a first value.
  setInitial(chosen);
  return chosen;
}

function ViewFilters({ filter, onFilter }: { filter: ApprovalView; onFilter: (view: ApprovalView) => void }) {
  const { t } = useTranslation("approvals");
  return (
    // One row on a phone, scrolled inside itself rather than wrapped onto a second line.
    <div
      className="flex gap-2 max-sm:-mx-1 max-sm:overflow-x-auto max-sm:px-1 max-sm:pb-1 sm:flex-wrap"
      role="group"
      aria-label={t("filterLabel")}
    >
      {approvalViews.map((name) => (
        <Button
          key={name}
          variant={filter === name ? "default" : "outline"}
          size="sm"
          aria-pressed={filter === name}
          className="shrink-0"
          data-testid={filterTestIds[name]}
          onClick={() => onFilter(name)}
        >
          {t(`views.${name}`)}
        </Button>
      ))}
    </div>
  );
}

function ActivityChartCard({ data }: { data: ActivityPoint[] }) {
  const { t } = useTranslation("approvals");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("overTime")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <ApprovalsChart data={data} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

/** One page of the view's cards, with the same paging as All Documents. */
function ApprovalCards({
  shown,
  page,
  waiting,
  onPage,
}: {
  shown: ApprovalListItem[];
  page: number;
  waiting: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("approvals");
  if (shown.length === 0)
    return (
      <Card>
        <CardContent className="py-12 text-center">
          <p className="text-lg font-medium" data-testid="text-no-approvals">
            {waiting ? t("nothingWaiting") : t("noneFound")}
          </p>
        </CardContent>
      </Card>
    );
  const current = pageOf(shown, page, APPROVALS_PAGE_SIZE);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground" data-testid="text-approvals-count">
        {current.total > APPROVALS_PAGE_SIZE
          ? t("showing", {
              first: formatCount(current.first),
              last: formatCount(current.last),
              total: formatCount(current.total),
            })
          : t("count", { count: current.total, n: formatCount(current.total) })}
      </p>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {current.items.map((approval) => (
          <ApprovalCard key={approval.id} approval={approval} />
        ))}
      </div>
      <Pagination page={current.page} pageSize={APPROVALS_PAGE_SIZE} total={current.total} onPage={onPage} />
    </div>
  );
}
