import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Approval } from "@quire/contracts";
import { useKnownName } from "@/components/approvals/known-names";
import { useFeatures } from "@/lib/api/settings";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useApproval } from "@/lib/api/document-approval";
import { formatCount, formatDateTime, formatDayKey } from "@/lib/format";
import { DecisionForm } from "./decision-form";
import "../locale";
import { ActivityLabel } from "@/components/activity-label";
import { roundReasonText } from "@/lib/round-reason";

/** Seed §4: the progress bar shows the first three stages and marks the current one. */
export const PROGRESS_STAGES = ["Not Started", "Awaiting Review", "Awaiting Approval"] as const;
/** Seed §9: the last 3 activity entries are shown. */
export const ACTIVITY_SHOWN = 3;

function statusVariant(status: string) {
  if (status === "Approved") return "accent" as const;
  if (status === "Rejected" || status === "Changes Requested") return "destructive" as const;
  return "warning" as const;
}

/**
 * Which of the three progress stages this round really reached: a round sent back during review
 * never reached Awaiting Approval, and a withdrawn one reached it only if every reviewer approved.
 */
export function reachedStages(approval: Pick<Approval, "stage" | "reviewers">): number {
  const current = PROGRESS_STAGES.indexOf(approval.stage as (typeof PROGRESS_STAGES)[number]);
  if (current !== -1) return current;
  if (approval.stage === "Approved" || approval.stage === "Rejected") return PROGRESS_STAGES.length;
  const allApproved =
    approval.reviewers.length > 0 && approval.reviewers.every((r) => r.status === "Approved");
  if (approval.stage === "Withdrawn" && allApproved) return PROGRESS_STAGES.length;
  return 2;
}

function StageProgress({ approval }: { approval: Approval }) {
  const { t } = useTranslation("document");
  const stageName = useKnownName("stage");
  const current = PROGRESS_STAGES.indexOf(approval.stage as (typeof PROGRESS_STAGES)[number]);
  const reached = reachedStages(approval);
  return (
    <ol className="flex flex-wrap gap-2" aria-label={t("approvals.stages")} data-testid="approval-progress">
      {PROGRESS_STAGES.map((name, i) => (
        <li
          key={name}
          aria-current={i === current ? "step" : undefined}
          data-reached={i < reached}
          data-testid={`stage-pill-${i}`}
          className={cn(
            "flex items-center gap-2 rounded-full border px-3 py-1 text-sm",
            i === current && "border-primary bg-primary/10 font-semibold",
            i < reached && "text-muted-foreground",
            i >= reached && i !== current && "border-dashed text-muted-foreground/70",
          )}
        >
          {i < reached && <Check className="size-4" aria-hidden="true" />}
          {stageName(name)}
          {i < reached && <span className="sr-only"> {t("approvals.done")}</span>}
          {i >= reached && i !== current && <span className="sr-only"> {t("approvals.notReached")}</span>}
        </li>
      ))}
    </ol>
  );
}

/** Why a round ended without a decision, from its last activity entry. */
function WithdrawnNote({ approval }: { approval: Approval }) {
  const { t } = useTranslation("document");
  const last = approval.activityLog.at(-1);
  return (
    <p className="rounded-md border border-dashed p-3 text-sm" data-testid="text-round-withdrawn">
      {last?.comment
        ? t("approvals.withdrawnBecause", { reason: roundReasonText(last.reason, last.comment) })
        : t("approvals.withdrawn")}
    </p>
  );
}

function ReviewersSection({ reviewers }: { reviewers: Approval["reviewers"] }) {
  const { t } = useTranslation("document");
  const assigneeName = useKnownName("assignee");
  return (
    <section aria-labelledby="reviewers-title">
      <h4 id="reviewers-title" className="mb-2 font-semibold">
        {t("approvals.reviewers")}
      </h4>
      <ul className="grid gap-2">
        {reviewers.map((r) => (
          <li key={r.id} className="rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{r.username}</span>
              <Badge variant={statusVariant(r.status)}>{assigneeName(r.status)}</Badge>
            </div>
            {r.comment && <p className="mt-1 text-muted-foreground">{r.comment}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ApproverSection({ approval }: { approval: Approval }) {
  const { t } = useTranslation("document");
  const assigneeName = useKnownName("assignee");
  return (
    <section aria-labelledby="approver-title">
      <h4 id="approver-title" className="mb-2 font-semibold">
        {t("approvals.approver")}
      </h4>
      <div className="rounded-md border p-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{approval.approver}</span>
          <Badge variant={statusVariant(approval.approverStatus)}>
            {assigneeName(approval.approverStatus)}
          </Badge>
        </div>
        {approval.approverComment && <p className="mt-1 text-muted-foreground">{approval.approverComment}</p>}
      </div>
    </section>
  );
}

function ActivitySection({ activityLog }: { activityLog: Approval["activityLog"] }) {
  const { t } = useTranslation("document");
  const activity = activityLog.slice(-ACTIVITY_SHOWN).reverse();
  return (
    <section aria-labelledby="activity-title">
      <h4 id="activity-title" className="mb-2 font-semibold">
        {t("approvals.recentActivity")}
      </h4>
      {activity.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("approvals.noActivity")}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {activity.map((entry, i) => (
            <li key={i} className="border-l-2 pl-3">
              <ActivityLabel className="font-medium" action={entry.action} />{" "}
              {t("approvals.by", { name: entry.username })} ·{" "}
              <span className="text-muted-foreground">{formatDateTime(entry.timestamp)}</span>
              {entry.comment && (
                <p className="text-muted-foreground">{roundReasonText(entry.reason, entry.comment)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const openStage = (approval: Approval) =>
  approval.step === null ? undefined : approval.stages[approval.step];

/** The round's stages from its own copy of the template: who sits where, for whom, and when it is due. */
function StagesSection({ approval }: { approval: Approval }) {
  const { t } = useTranslation("document");
  const assigneeName = useKnownName("assignee");
  const stageName = useKnownName("templateStage");
  if (approval.stages.length === 0) return null;
  return (
    <section className="space-y-2" data-testid="approval-stages">
      <h3 className="font-medium">{t("approvals.stagesTitle")}</h3>
      <ol className="grid gap-2">
        {approval.stages.map((stage) => (
          <li key={stage.index} className="rounded-md border p-2" data-testid={`stage-${stage.index + 1}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {stage.index + 1}. {stageName(stage.name)}
              </span>
              <span className="flex flex-wrap gap-1">
                {stage.overdue && (
                  <Badge variant="destructive" data-testid={`stage-${stage.index + 1}-overdue`}>
                    {t("approvals.overdue")}
                  </Badge>
                )}
                <Badge variant="outline">{t(`approvals.state.${stage.state}`)}</Badge>
              </span>
            </div>
            <p className="text-xs text-muted-foreground">
              {t("approvals.tally", {
                approvals: formatCount(stage.approvals),
                needed: formatCount(stage.needed),
              })}
              {stage.dueOn
                ? ` · ${t("approvals.due", { date: formatDayKey(stage.dueOn.slice(0, 10)) })}`
                : ""}
              {stage.overdue ? ` · ${t("approvals.escalated")}` : ""}
            </p>
            <ul className="mt-1 grid gap-1 text-sm">
              {stage.assignees.map((a) => (
                <li key={a.userId} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {a.onBehalfOf
                      ? t("approvals.onBehalf", { name: a.username, for: a.onBehalfOf })
                      : a.username}
                    {a.groupName ? ` (${a.groupName})` : ""}
                  </span>
                  <Badge variant={statusVariant(a.status)}>{assigneeName(a.status)}</Badge>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ApprovalDetails({ approval }: { approval: Approval }) {
  const { t } = useTranslation("document");
  const stageName = useKnownName("stage");
  return (
    <div className="grid gap-5" data-testid="approval-workflow">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">{t("approvals.stage")}</span>
        <Badge variant={statusVariant(approval.stage)} data-testid="text-approval-stage">
          {stageName(approval.stage)}
        </Badge>
        <span className="text-xs text-muted-foreground">
          {t("approvals.round", {
            round: approval.round,
            version: approval.version,
            name: approval.submittedByUsername,
          })}
        </span>
      </div>
      <StageProgress approval={approval} />
      {approval.stage === "Withdrawn" && <WithdrawnNote approval={approval} />}
      <StagesSection approval={approval} />
      <ReviewersSection reviewers={approval.reviewers} />
      <ApproverSection approval={approval} />
      <ActivitySection activityLog={approval.activityLog} />
    </div>
  );
}

/** Seed §2 Approvals tab: the workflow of the latest round, or 'No Approval Workflow'. */
export function ApprovalsTab({
  documentId,
  canSubmit,
  onSubmitForReview,
}: {
  documentId: string;
  canSubmit: boolean;
  onSubmitForReview: () => void;
}) {
  const { t } = useTranslation("document");
  const approval = useApproval(documentId);
  const workflowsOn = useFeatures().approvalWorkflows;
  if (approval.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={t("approvals.loading")}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (approval.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("approvals.failed")}
      </p>
    );
  }
  if (approval.data === null) {
    return (
      <div className="rounded-md border border-dashed p-6 text-center" data-testid="text-no-approval">
        <h3 className="font-semibold">{t("approvals.none")}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("approvals.notSubmitted")}</p>
        {canSubmit && (
          <Button className="mt-4" onClick={onSubmitForReview} data-testid="button-approvals-submit-review">
            {t("header.submitForReview")}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <ApprovalDetails approval={approval.data} />
      {!workflowsOn && (
        <p className="text-sm text-muted-foreground" data-testid="text-approvals-off">
          {t("approvals.off")}
        </p>
      )}
      {workflowsOn && approval.data.abilities.review && (
        <DecisionForm
          documentId={documentId}
          round={approval.data.round}
          kind="review"
          stage={openStage(approval.data)}
          offered={approval.data.choices}
          version={approval.data.version}
        />
      )}
      {workflowsOn && approval.data.abilities.decide && (
        <DecisionForm
          documentId={documentId}
          round={approval.data.round}
          kind="decide"
          stage={openStage(approval.data)}
          offered={approval.data.choices}
          version={approval.data.version}
        />
      )}
    </div>
  );
}
