import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, ClipboardCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { decisionChoices, type Approval, type Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { approvalQueryOptions } from "@/lib/api/document-approval";
import type { ApprovalAction } from "@/lib/api/update-approval";
import { useFeatures } from "@/lib/api/settings";
import {
  DecisionDialog,
  DecisionName,
  decisionLabel,
  type Decision,
} from "@/components/approvals/decision-dialog";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "@/components/locale";
import "@/components/document-parts-locale";

/** The buttons of a review or decision; each opens the confirmation (with the reason where needed). */
export function DecisionButtons({
  documentId,
  round,
  kind,
  testIdPrefix,
}: {
  documentId: string;
  round: number;
  kind: ApprovalAction;
  testIdPrefix: string;
}) {
  const [chosen, setChosen] = useState<Decision | null>(null);
  return (
    <div className="flex flex-wrap gap-2">
      {decisionChoices[kind].map((status) => (
        <Button
          key={status}
          type="button"
          size="sm"
          variant={status === "Approved" ? "default" : "destructive"}
          onClick={() => setChosen(status)}
          data-testid={`${testIdPrefix}-${decisionLabel[status].toLowerCase().replace(" ", "-")}`}
        >
          <DecisionName status={status} />
        </Button>
      ))}
      {chosen && (
        <DecisionDialog
          documentId={documentId}
          round={round}
          kind={kind}
          status={chosen}
          onClose={() => setChosen(null)}
        />
      )}
    </div>
  );
}

/** What the round asks of this user now, if anything. */
export function actionFor(approval: Approval): ApprovalAction | null {
  if (approval.abilities.decide) return "decide";
  if (approval.abilities.review) return "review";
  return null;
}

/** The comments that explain why the round ended: the change requests, or the rejection. */
function reasonsOf(approval: Approval): string[] {
  if (approval.stage === "Rejected") return approval.approverComment ? [approval.approverComment] : [];
  return approval.reviewers
    .filter((r) => r.status === "Changes Requested" && r.comment)
    .map((r) => `${r.username}: ${r.comment}`);
}

/**
 * Where the round stands, as the server counts it: the open stage of the round's own template, its
 * place among the stages, the approvals it has of those it needs, and its due date.
 */
export function stageLine(approval: Approval): string {
  const open = approval.step === null ? undefined : approval.stages[approval.step];
  if (!open) return "";
  const t = i18n.getFixedT(null, "document-parts");
  const place =
    approval.stages.length > 1 ? t("banner.place", { n: open.index + 1, of: approval.stages.length }) : "";
  // The due day as the server gives it (an ISO day), readable in every language.
  const due = open.dueOn ? t("banner.due", { day: open.dueOn }) : "";
  const tally = t("banner.tally", {
    count: open.needed,
    approvals: formatCount(open.approvals),
    needed: formatCount(open.needed),
  });
  // The default flow's stage names are Quire's words; a stage an Admin named stays as named.
  const name = i18n.exists(`shared:templateStage.${open.name}`)
    ? i18n.t(`shared:templateStage.${open.name as "Review"}`)
    : open.name;
  return ` · ${name}${place}: ${tally}${due}`;
}

function ActionBanner({ approval, kind }: { approval: Approval; kind: ApprovalAction }) {
  const { t } = useTranslation("document-parts");
  return (
    <section
      aria-labelledby="review-action-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4"
      data-testid="banner-review-action"
    >
      <div className="flex min-w-0 items-start gap-3">
        <ClipboardCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="review-action-title" className="font-semibold">
            {kind === "review" ? t("banner.reviewRequested") : t("banner.decisionNeeded")}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="text-review-action-stage">
            {t("banner.round", { version: approval.version, round: approval.round })}
            {stageLine(approval)}
          </p>
        </div>
      </div>
      <DecisionButtons
        documentId={approval.documentId}
        round={approval.round}
        kind={kind}
        testIdPrefix="banner"
      />
    </section>
  );
}

function NextStepBanner({ approval, onNewVersion }: { approval: Approval; onNewVersion: () => void }) {
  const { t } = useTranslation("document-parts");
  const reasons = reasonsOf(approval);
  const what = approval.stage === "Rejected" ? t("banner.rejected") : t("banner.changesRequested");
  return (
    <section
      aria-labelledby="next-step-title"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
      data-testid="banner-next-step"
    >
      <div className="flex min-w-0 items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="next-step-title" className="font-semibold">
            {what}
          </h2>
          {reasons.map((reason) => (
            <p key={reason} className="text-sm break-words">
              {reason}
            </p>
          ))}
          <p className="text-sm text-muted-foreground" data-testid="text-next-step">
            {t("banner.nextStep")}
          </p>
        </div>
      </div>
      <Button size="sm" variant="outline" onClick={onNewVersion} data-testid="button-next-step-new-version">
        {t("banner.newVersion")}
      </Button>
    </section>
  );
}

/**
 * The top of a document's page: the assigned reviewer's or approver's action while the round waits
 * on them, or, for the author of a document sent back, what makes it submittable again.
 */
export function ReviewActionBanner({
  document,
  onNewVersion,
}: {
  document: Document;
  onNewVersion: () => void;
}) {
  const { approvalWorkflows } = useFeatures();
  // A Draft has no open round; asking would only answer 404.
  const approval = useQuery({ ...approvalQueryOptions(document.id), enabled: document.status !== "Draft" });
  const round = approval.data;
  if (!round || !approvalWorkflows) return null;
  const kind = actionFor(round);
  if (kind) return <ActionBanner approval={round} kind={kind} />;
  const sentBack = round.stage === "Changes Requested" || round.stage === "Rejected";
  if (sentBack && document.status === round.stage && document.abilities.createVersion)
    return <NextStepBanner approval={round} onNewVersion={onNewVersion} />;
  return null;
}
