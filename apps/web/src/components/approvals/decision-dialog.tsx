import { useState, type FormEvent } from "react";
import { decisionNeedsReason } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
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
  const update = useUpdateApproval(documentId);
  const reasonMissing = needsReason(status) && comment.trim() === "";

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (reasonMissing) return;
    update.mutateAsync({ status, comment, kind, round }).then(
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

  return { comment, setComment, reasonMissing, confirm, update };
}

/**
 * Confirms a review or decision before it is sent. Request Changes and Reject cannot be confirmed
 * without a reason (the server refuses them too); the author's notification carries it.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { kind, status, onClose } = props;
  const { comment, setComment, reasonMissing, confirm, update } = useDecision(props);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-decision">
        <form onSubmit={confirm} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{copy[status].title}</DialogTitle>
            <DialogDescription>{copy[status].description}</DialogDescription>
          </DialogHeader>
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
              disabled={reasonMissing || update.isPending}
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
