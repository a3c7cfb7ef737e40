import { useState, type FormEvent } from "react";
import type { Document, User } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useSubmitForReview } from "@/lib/api/submit-review";
import { useUsers } from "@/lib/api/users";

function ReviewerChoices({
  reviewers,
  chosen,
  onToggle,
}: {
  reviewers: User[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
}) {
  if (reviewers.length === 0) {
    return <p className="text-sm text-muted-foreground">No user holds the Reviewer role.</p>;
  }
  return (
    <ul className="grid gap-2">
      {reviewers.map((user) => (
        <li key={user.id} className="flex items-center gap-2">
          <Checkbox
            id={`reviewer-${user.id}`}
            checked={chosen.has(user.id)}
            onCheckedChange={(checked) => onToggle(user.id, checked === true)}
            data-testid={`checkbox-reviewer-${user.username}`}
          />
          <Label htmlFor={`reviewer-${user.id}`} className="font-normal">
            {user.username}
          </Label>
        </li>
      ))}
    </ul>
  );
}

/** Submit for Review: the submitter picks reviewers (Reviewer role) and an approver (Approver role). */
export function SubmitReviewDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const users = useUsers();
  // Nobody reviews or approves their own document (the server refuses it too).
  const others = (users.data ?? []).filter((u) => u.id !== document.ownerId);
  // Who can be given each duty is the server's rule (its policy), not a role name compared here.
  const reviewers = others.filter((u) => u.assignable.review);
  const approvers = others.filter((u) => u.assignable.approve);
  // Until the person chooses, every reviewer and the first approver (the server's own fallback).
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [approverId, setApproverId] = useState<string | null>(null);
  const chosenReviewers = chosen ?? new Set(reviewers.map((u) => u.id));
  const chosenApprover = approverId ?? approvers[0]?.id ?? "";
  const submit = useSubmitForReview();

  function toggle(id: string, checked: boolean) {
    const next = new Set(chosenReviewers);
    if (checked) next.add(id);
    else next.delete(id);
    setChosen(next);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const reviewerIds = reviewers.filter((u) => chosenReviewers.has(u.id)).map((u) => u.id);
    // mutateAsync: a status filter can take the card (and this dialog) off the list before
    // mutate's own callbacks would run.
    submit.mutateAsync({ id: document.id, reviewers: reviewerIds, approverId: chosenApprover }).then(
      () => {
        toast({
          title: "Document submitted for review",
          description: "Reviewers have been notified and can now provide feedback.",
        });
        onClose();
      },
      () =>
        toast({
          variant: "destructive",
          title: "Submission failed",
          description: "There was an error submitting the document for review.",
        }),
    );
  }

  const ready = chosenReviewers.size > 0 && chosenApprover !== "";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-submit-review">
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Submit for Review</DialogTitle>
            <DialogDescription>
              Choose who reviews &ldquo;{document.title}&rdquo; and who gives the final approval.
            </DialogDescription>
          </DialogHeader>
          {users.isPending ? (
            <div className="grid gap-2" role="status" aria-label="Loading users">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : (
            <>
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Reviewers</legend>
                <ReviewerChoices reviewers={reviewers} chosen={chosenReviewers} onToggle={toggle} />
              </fieldset>
              <div className="grid gap-2">
                <Label htmlFor="submit-approver">Approver</Label>
                <Select value={chosenApprover} onValueChange={setApproverId}>
                  <SelectTrigger id="submit-approver" className="w-full" data-testid="select-approver">
                    <SelectValue placeholder="Select an approver" />
                  </SelectTrigger>
                  <SelectContent>
                    {approvers.map((u) => (
                      <SelectItem key={u.id} value={u.id}>
                        {u.username}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!ready || submit.isPending}
              data-testid="button-confirm-submit-review"
            >
              {submit.isPending ? "Submitting..." : "Submit for Review"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
