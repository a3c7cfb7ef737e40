import { useState } from "react";
import { ChevronDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { ApprovalListItem } from "@quire/contracts";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { paths } from "@/config/paths";
import { useIsMobile } from "@/hooks/use-mobile";
import { formatCount, formatDate, formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";
import { recentActivity } from "../lib/derive";
import { actionFor, DecisionButtons } from "@/components/approvals/review-action-banner";
import { useKnownName } from "@/components/approvals/known-names";
import "../locale";
import { ActivityLabel } from "@/components/activity-label";

/** Seed §2 approval card: status, stage, reviewers, approver, progress and the last 3 activities. */
export function ApprovalCard({ approval }: { approval: ApprovalListItem }) {
  const { t } = useTranslation("approvals");
  const stageName = useKnownName("stage");
  const headingId = `approval-${approval.id}-title`;
  return (
    <Card
      className="min-w-0"
      data-testid={`approval-card-${approval.documentId}`}
      aria-labelledby={headingId}
    >
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-48 space-y-1">
          {/* Names wrap between words (hyphenated if one word is too long), never mid-word. */}
          <CardTitle id={headingId} className="text-lg break-words hyphens-auto">
            {approval.documentTitle}
          </CardTitle>
          <p
            className="text-xs break-words text-muted-foreground"
            data-testid={`text-owner-${approval.documentId}`}
          >
            {t("card.owner", { owner: approval.owner })}
          </p>
        </div>
        <StatusBadge status={approval.status} data-testid={`status-approval-${approval.documentId}`} />
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {/* The user's own action first: on a phone it is on the first screen, not under the figures. */}
        <YourAction approval={approval} />
        <dl className="grid grid-cols-3 gap-2 break-words">
          <div>
            <dt className="text-muted-foreground">{t("card.stage")}</dt>
            <dd data-testid={`text-stage-${approval.documentId}`}>{stageName(approval.stage)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("card.reviewers")}</dt>
            <dd>{formatCount(approval.reviewers.length)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("card.approver")}</dt>
            <dd>{approval.approver}</dd>
          </div>
        </dl>
        <ReviewProgress labelId={`${headingId}-progress`} progress={approval.progress} />
        <RoundDetails approval={approval} />
        <Button asChild variant="outline" size="sm">
          <Link
            href={paths.document.getHref(approval.documentId)}
            data-testid={`link-view-${approval.documentId}`}
          >
            {t("card.view")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Who reviewed with what comment, the approver and the last activity. On a phone a card with all of
 * it is a screen and a half tall, so a list of rounds became dozens of screens: there the details
 * fold behind one button per card (the figures, the progress and the user's own action stay out).
 */
function RoundDetails({ approval }: { approval: ApprovalListItem }) {
  const { t } = useTranslation("approvals");
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const details = (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <ReviewerList approval={approval} />
        <FinalApprover approval={approval} />
      </div>
      <RecentActivity activity={recentActivity(approval.activityLog)} />
    </div>
  );
  if (!isMobile) return details;
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      <CollapsibleTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2"
          data-testid={`button-details-${approval.documentId}`}
        >
          <ChevronDown
            className={cn("size-4 transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
          {open ? t("card.hideDetails") : t("card.showDetails")}
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="pt-2">{details}</CollapsibleContent>
    </Collapsible>
  );
}

function ReviewProgress({ labelId, progress }: { labelId: string; progress: number }) {
  const { t } = useTranslation("approvals");
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span id={labelId}>{t("card.progress")}</span>
        <span>{formatPercent(progress)}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

function ReviewerList({ approval }: { approval: ApprovalListItem }) {
  const { t } = useTranslation("approvals");
  const stageName = useKnownName("stage");
  const assigneeStatus = useKnownName("assignee");
  return (
    <section className="space-y-2">
      <h3 className="font-medium">{t("card.reviewers")}</h3>
      <ul className="space-y-2">
        {approval.reviewers.map((reviewer) => (
          <li key={reviewer.id} className="rounded-md border p-2">
            <div className="flex items-center justify-between gap-2">
              <span>{reviewer.username}</span>
              <Badge variant={reviewer.status === "Approved" ? "accent" : "outline"}>
                {approval.stage === "Awaiting Review" && reviewer.status === "Pending"
                  ? stageName(approval.stage)
                  : assigneeStatus(reviewer.status)}
              </Badge>
            </div>
            {reviewer.comment && <p className="mt-1 text-muted-foreground">{reviewer.comment}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

const APPROVER_BADGE = {
  Pending: "outline",
  Approved: "accent",
  Rejected: "destructive",
  "Changes Requested": "destructive",
} as const satisfies Record<ApprovalListItem["approverStatus"], string>;

function FinalApprover({ approval }: { approval: ApprovalListItem }) {
  const { t } = useTranslation("approvals");
  const assigneeStatus = useKnownName("assignee");
  const variant = APPROVER_BADGE[approval.approverStatus];
  return (
    <section className="space-y-2">
      <h3 className="font-medium">{t("card.finalApprover")}</h3>
      <div className="rounded-md border p-2">
        <div className="flex items-center justify-between gap-2">
          <span>{approval.approver}</span>
          <Badge variant={variant}>{assigneeStatus(approval.approverStatus)}</Badge>
        </div>
        {approval.approverComment && <p className="mt-1 text-muted-foreground">{approval.approverComment}</p>}
      </div>
    </section>
  );
}

function RecentActivity({ activity }: { activity: ApprovalListItem["activityLog"] }) {
  const { t } = useTranslation("approvals");
  if (activity.length === 0) return null;
  return (
    <section className="space-y-2">
      <h3 className="font-medium">{t("card.recentActivity")}</h3>
      <ul className="space-y-1">
        {activity.map((entry, index) => (
          <li key={`${entry.timestamp}-${index}`} className="flex flex-wrap justify-between gap-2">
            <span>
              <ActivityLabel action={entry.action} />{" "}
              <span className="text-muted-foreground">{t("card.by", { username: entry.username })}</span>
            </span>
            <time dateTime={entry.timestamp} className="text-muted-foreground">
              {formatDate(entry.timestamp)}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed-in user's review or decision, when one is theirs to give. */
function YourAction({ approval }: { approval: ApprovalListItem }) {
  const { t } = useTranslation("approvals");
  const action = actionFor(approval);
  if (!action) return null;
  return (
    <section
      className="space-y-2 rounded-md border border-primary/40 bg-primary/5 p-3"
      aria-label={t("card.yourAction")}
      data-testid={`actions-${approval.documentId}`}
    >
      <p className="font-medium">
        {action === "review" ? t("card.reviewRequested") : t("card.decisionNeeded")}
      </p>
      <DecisionButtons
        documentId={approval.documentId}
        round={approval.round}
        kind={action}
        testIdPrefix={`card-${approval.documentId}`}
      />
    </section>
  );
}
