import { useState, type FormEvent } from "react";
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

export type Decision = UpdateApprovalInput["status"];

/** Request Changes and Reject go back to the author, who needs to know why: the server's rule. */
export const needsReason = decisionNeedsReason;

export const decisionLabel: Record<Decision, string> = {
  Approved: "Approve",
  "Changes Requested": "Request Changes",
  Rejected: "Reject",
};

const copy: Record<Decision, { title: string; description: string }> = {
  Approved: {
    title: "Approve this document?",
    description: "Your approval is recorded in the activity log. A comment is optional.",
  },
  "Changes Requested": {
    title: "Request changes?",
    description: "The review round ends and the author is told what to change. Say what needs to change.",
  },
  Rejected: {
    title: "Reject this document?",
    description: "This is the final decision for this round; the author is told why. Give the reason.",
  },
};

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
  const required = needsReason(status);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{required ? "Reason (required)" : "Comment (optional)"}</Label>
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
          title: "Approval updated",
          description: "The approval status has been updated successfully.",
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
  const until = signing.confirmedUntil;
  if (until && ssoConfirmed(signing))
    return (
      <p className="text-sm text-muted-foreground" data-testid="text-sso-confirmed">
        You signed in again; you can sign until {formatDateTime(until)}.
      </p>
    );
  const here = `${window.location.pathname}${window.location.search}`;
  const start = `/api/auth/oidc/start?purpose=sign&next=${encodeURIComponent(here)}`;
  return (
    <div className="grid gap-2">
      <p className="text-sm">
        Signing in this category needs you to sign in again with single sign-on; then sign within{" "}
        {SSO_SIGNING_WINDOW_MINUTES} minutes.
      </p>
      <Button asChild variant="outline" size="sm" className="justify-self-start">
        <a href={start} data-testid="button-confirm-sso">
          Confirm with single sign-on
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
  return (
    <div className="grid gap-2">
      <p className="text-sm" data-testid="text-signature-meaning">
        You sign this decision as <strong>{signatureMeaningOf(kind, status)}</strong>; the signed record keeps
        your name, the time and the version.
      </p>
      {signing?.confirmWith === "single sign-on" && <SsoConfirmation signing={signing} />}
      {needsPassword && (
        <>
          <Label htmlFor={`decision-password-${kind}`}>
            Your password (required to sign in this category)
          </Label>
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
  const { kind, status, onClose } = props;
  const { comment, setComment, password, setPassword, needsPassword, signing, blocked, confirm, update } =
    useDecision(props);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-decision">
        <form onSubmit={confirm} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{copy[status].title}</DialogTitle>
            <DialogDescription>{copy[status].description}</DialogDescription>
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
            error={
              update.isError
                ? errorMessage(update.error, "There was an error updating the approval status.")
                : null
            }
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={status === "Approved" ? "default" : "destructive"}
              disabled={blocked || update.isPending}
              data-testid="button-confirm-decision"
            >
              {decisionLabel[status]}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
