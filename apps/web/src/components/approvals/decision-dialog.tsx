import { useState, type FormEvent } from "react";
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

/** Request Changes and Reject go back to the author, who needs to know why: a reason is required. */
export const needsReason = (status: Decision): boolean => status !== "Approved";

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

/**
 * Confirms a review or decision before it is sent. Request Changes and Reject cannot be confirmed
 * without a reason (the server refuses them too); the author's notification carries it.
 */
export function DecisionDialog({
  documentId,
  kind,
  status,
  initialComment = "",
  onClose,
  onDone,
}: {
  documentId: string;
  kind: ApprovalAction;
  status: Decision;
  initialComment?: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const [comment, setComment] = useState(initialComment);
  const update = useUpdateApproval(documentId);
  const reasonMissing = needsReason(status) && comment.trim() === "";

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (reasonMissing) return;
    update.mutateAsync({ status, comment, kind }).then(
      () => {
        toast({
          title: "Approval updated",
          description: "The approval status has been updated successfully.",
        });
        onDone?.();
        onClose();
      },
      () => undefined,
    );
  }

  const fieldId = `decision-reason-${kind}`;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-decision">
        <form onSubmit={confirm} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{copy[status].title}</DialogTitle>
            <DialogDescription>{copy[status].description}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>
              {needsReason(status) ? "Reason (required)" : "Comment (optional)"}
            </Label>
            <Textarea
              id={fieldId}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={5000}
              required={needsReason(status)}
              aria-invalid={reasonMissing ? true : undefined}
              data-testid="input-decision-reason"
            />
            {update.isError && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(update.error, "There was an error updating the approval status.")}
              </p>
            )}
          </div>
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
