import { ChangesSinceEffective } from "./changes-since-effective";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { decisionChoices, type DecisionKind, type RoundStage } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import {
  DecisionDialog,
  DecisionName,
  needsReason,
  type Decision,
} from "@/components/approvals/decision-dialog";
import { useDocumentSigning } from "@/lib/api/document-signing";
import { useUpdateApproval } from "@/lib/api/update-approval";
import { quorumText } from "@/components/approvals/quorum-text";
import { useKnownName } from "@/components/approvals/known-names";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "../locale";

function useDecision(documentId: string, round: number, kind: DecisionKind) {
  const [comment, setComment] = useState("");
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const update = useUpdateApproval(documentId);
  const signing = useDocumentSigning(documentId);

  function send(status: Decision) {
    // Request Changes and Reject are confirmed with their (required) reason first, and every
    // choice with the password where the category asks for it to sign.
    if (needsReason(status) || signing.data?.requiresPassword === true) {
      setConfirming(status);
      return;
    }
    // A promise rather than mutate's callbacks: those are skipped when the form unmounts, and a
    // successful decision removes this form (the user may no longer act), so no toast showed.
    update.mutateAsync({ status, comment, kind, round }).then(
      () => {
        setComment("");
        toast({
          title: i18n.t("shared:decision.updated"),
          description: i18n.t("shared:decision.updatedDescription"),
        });
      },
      () =>
        toast({
          variant: "destructive",
          title: i18n.t("document:decision.failedTitle"),
          description: i18n.t("shared:decision.failed"),
        }),
    );
  }

  return {
    comment,
    setComment,
    confirming,
    setConfirming,
    send,
    sending: update.isPending,
    // The toast keeps the seed's words; the server's reason (e.g. a new round started) stays here.
    refusal: update.isError ? update.error : null,
  };
}

const isDecision = (status: string): status is Decision =>
  status === "Approved" || status === "Changes Requested" || status === "Rejected";

/** What the open stage needs and what a negative choice does there, said before anyone chooses. */
function StageRules({ stage, choices }: { stage: RoundStage; choices: readonly Decision[] }) {
  const { t } = useTranslation("document");
  const stageName = useKnownName("templateStage");
  return (
    <div className="grid gap-1 text-sm text-muted-foreground" data-testid="text-stage-rules">
      <p>
        <span className="font-medium text-foreground">{stageName(stage.name)}</span>:{" "}
        {t("decision.mustApprove", {
          who: quorumText(stage.quorum),
          approvals: formatCount(stage.approvals),
          needed: formatCount(stage.needed),
        })}
      </p>
      {choices.includes("Changes Requested") && <p>{t(`decision.changes.${stage.onChanges}`)}</p>}
      {choices.includes("Rejected") && <p>{t(`decision.reject.${stage.onReject}`)}</p>}
    </div>
  );
}

export function DecisionForm({
  documentId,
  round,
  kind,
  stage,
  offered = [],
  version,
}: {
  documentId: string;
  round: number;
  kind: DecisionKind;
  /** The round's open stage, whose rules the form states. */
  stage?: RoundStage | undefined;
  /** The choices the server offers this person (send back included where the template allows it). */
  offered?: readonly string[];
  /** The version the round reviews: compared with the effective version inside the form. */
  version?: number | undefined;
}) {
  const { comment, setComment, confirming, setConfirming, send, sending, refusal } = useDecision(
    documentId,
    round,
    kind,
  );
  const served = offered.filter(isDecision);
  const choices = served.length > 0 ? served : decisionChoices[kind];
  const { t } = useTranslation("document");
  const id = `approval-comment-${kind}`;
  return (
    <form
      className="grid gap-2 rounded-md border p-4"
      onSubmit={(e: FormEvent) => e.preventDefault()}
      data-testid={`form-${kind}`}
    >
      <h4 className="font-semibold">{kind === "review" ? t("decision.yourReview") : t("decision.final")}</h4>
      {stage && <StageRules stage={stage} choices={choices} />}
      {version !== undefined && <ChangesSinceEffective documentId={documentId} version={version} />}
      <Label htmlFor={id}>{t("decision.comment")}</Label>
      <Textarea id={id} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={5000} />
      <div className="flex flex-wrap gap-2">
        {choices.map((status) => (
          <Button
            key={status}
            type="button"
            variant={status === "Approved" ? "default" : "destructive"}
            disabled={sending}
            onClick={() => send(status)}
          >
            <DecisionName status={status} />
          </Button>
        ))}
      </div>
      {refusal && <ErrorNotice error={refusal} className="text-sm" />}
      {confirming && (
        <DecisionDialog
          documentId={documentId}
          round={round}
          kind={kind}
          status={confirming}
          initialComment={comment}
          onDone={() => setComment("")}
          onClose={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
