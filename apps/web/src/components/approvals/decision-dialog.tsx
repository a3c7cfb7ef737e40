import { useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import {
  decisionNeedsReason,
  signatureMeaningOf,
  SSO_SIGNING_WINDOW_MINUTES,
  type DocumentSigning,
} from "@quire/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useDocumentSigning } from "@/lib/api/document-signing";
import { useUpdateApproval, type ApprovalAction, type UpdateApprovalInput } from "@/lib/api/update-approval";
import { i18n } from "@/lib/i18n";
import "@/components/locale";

export type Decision = UpdateApprovalInput["status"];

/** Request Changes and Reject go back to the author, who needs to know why: the server's rule. */
export const needsReason = decisionNeedsReason;

/** Each decision's English name, which its button's test id is made from (never shown: see DecisionName). */
export const decisionLabel: Record<Decision, string> = {
  Approved: "Approve",
  "Changes Requested": "Request Changes",
  Rejected: "Reject",
};

/** A decision's button text in the interface's language. */
export function DecisionName({ status }: { status: Decision }) {
  const { t } = useTranslation("shared");
  return t(`decision.labels.${status}`);
}

/** The reason (or optional comment) box, with the server's refusal under it. */
function DecisionReasonField({
  id,
  status,
  value,
  onChange,
  error,
}: {
  id: string;
  status: Decision;
  value: string;
  onChange: (comment: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation("shared");
  const required = needsReason(status);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{required ? t("decision.reasonRequired") : t("decision.commentOptional")}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={5000}
        required={required}
        aria-invalid={required && value.trim() === "" ? true : undefined}
        data-testid="input-decision-reason"
      />
      {error !== null && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

type DecisionDialogProps = {
  documentId: string;
  /** The round the person is looking at (see useUpdateApproval). */
  round: number;
  kind: ApprovalAction;
  status: Decision;
  initialComment?: string;
  onClose: () => void;
  onDone?: () => void;
};

/** The comment being written and its sending; the dialog closes once the server has recorded it. */
function useDecision({
  documentId,
  round,
  kind,
  status,
  initialComment = "",
  onClose,
  onDone,
}: DecisionDialogProps) {
  const [comment, setComment] = useState(initialComment);
  const [password, setPassword] = useState("");
  const update = useUpdateApproval(documentId);
  const signing = useDocumentSigning(documentId);
  const needsPassword = signing.data?.confirmWith === "password";
  const ssoMissing = signing.data?.confirmWith === "single sign-on" && !ssoConfirmed(signing.data);
  const reasonMissing = needsReason(status) && comment.trim() === "";
  const blocked = reasonMissing || (needsPassword && password === "") || ssoMissing || signing.isPending;

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    update.mutateAsync({ status, comment, kind, round, ...(needsPassword ? { password } : {}) }).then(
      () => {
        toast({
          title: i18n.t("shared:decision.updated"),
          description: i18n.t("shared:decision.updatedDescription"),
        });
        onDone?.();
        onClose();
      },
      // The mutation's own error state shows the failure under the field.
      () => undefined,
    );
  }

  return { comment, setComment, password, setPassword, needsPassword, signing, blocked, confirm, update };
}

/** Whether this session's sign-in again still lets it sign now. */
function ssoConfirmed(signing: DocumentSigning): boolean {
  return signing.confirmedUntil !== null && new Date(signing.confirmedUntil).getTime() > Date.now();
}

/**
 * An account without a Quire password confirms by signing in again at its identity provider, which
 * must ask for its credentials (prompt=login); the browser comes back to this page to sign.
 */
function SsoConfirmation({ signing }: { signing: DocumentSigning }) {
  const { t } = useTranslation("shared");
  const until = signing.confirmedUntil;
  if (until && ssoConfirmed(signing))
    return (
      <p className="text-sm text-muted-foreground" data-testid="text-sso-confirmed">
        {t("decision.ssoConfirmed", { until: formatDateTime(until) })}
      </p>
    );
  const here = `${window.location.pathname}${window.location.search}`;
  const start = `/api/auth/oidc/start?purpose=sign&next=${encodeURIComponent(here)}`;
  return (
    <div className="grid gap-2">
      <p className="text-sm">{t("decision.ssoNeeded", { minutes: SSO_SIGNING_WINDOW_MINUTES })}</p>
      <Button asChild variant="outline" size="sm" className="justify-self-start">
        <a href={start} data-testid="button-confirm-sso">
          {t("decision.ssoConfirm")}
        </a>
      </Button>
    </div>
  );
}

/** What the signature means, said before it is given; and the password, where the category asks for it. */
function SigningFields({
  kind,
  status,
  needsPassword,
  signing,
  password,
  onPassword,
}: {
  kind: ApprovalAction;
  status: Decision;
  needsPassword: boolean;
  signing: DocumentSigning | undefined;
  password: string;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation("shared");
  return (
    <div className="grid gap-2">
      <p className="text-sm" data-testid="text-signature-meaning">
        <Trans
          t={t}
          i18nKey="decision.meaning"
          values={{ meaning: t(`decision.meanings.${signatureMeaningOf(kind, status)}`) }}
          components={{ strong: <strong /> }}
        />
      </p>
      {signing?.confirmWith === "single sign-on" && <SsoConfirmation signing={signing} />}
      {needsPassword && (
        <>
          <Label htmlFor={`decision-password-${kind}`}>{t("decision.password")}</Label>
          <Input
            id={`decision-password-${kind}`}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
            required
            data-testid="input-decision-password"
          />
        </>
      )}
    </div>
  );
}

/**
 * Confirms a review or decision before it is sent. Request Changes and Reject cannot be confirmed
 * without a reason (the server refuses them too); the author's notification carries it.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation("shared");
  const { kind, status, onClose } = props;
  const { comment, setComment, password, setPassword, needsPassword, signing, blocked, confirm, update } =
    useDecision(props);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-decision">
        <form onSubmit={confirm} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`decision.titles.${status}`)}</DialogTitle>
            <DialogDescription>{t(`decision.descriptions.${status}`)}</DialogDescription>
          </DialogHeader>
          <SigningFields
            kind={kind}
            status={status}
            needsPassword={needsPassword}
            signing={signing.data}
            password={password}
            onPassword={setPassword}
          />
          <DecisionReasonField
            id={`decision-reason-${kind}`}
            status={status}
            value={comment}
            onChange={setComment}
            error={update.isError ? errorMessage(update.error, t("decision.failed")) : null}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("decision.cancel")}
            </Button>
            <Button
              type="submit"
              variant={status === "Approved" ? "default" : "destructive"}
              disabled={blocked || update.isPending}
              data-testid="button-confirm-decision"
            >
              <DecisionName status={status} />
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
