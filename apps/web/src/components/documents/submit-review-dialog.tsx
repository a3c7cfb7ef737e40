import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { useSubmitForReview } from "@/lib/api/submit-review";
import { useUsers } from "@/lib/api/users";
import { useApprovalTemplate } from "@/lib/api/approval-template";
import { ReviewAssignees } from "./review-assignees";
import { i18n } from "@/lib/i18n";
import { StagePicksFields, useStagePicks } from "./stage-picks";
import "@/components/document-parts-locale";

/** Who may review and approve this document, and who has been chosen so far. */
function useReviewAssignment(document: Document) {
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

  function toggle(id: string, checked: boolean) {
    const next = new Set(chosenReviewers);
    if (checked) next.add(id);
    else next.delete(id);
    setChosen(next);
  }

  return {
    loading: users.isPending,
    users: users.data ?? [],
    reviewers,
    approvers,
    chosenReviewers,
    chosenApprover,
    onToggleReviewer: toggle,
    onChooseApprover: setApproverId,
  };
}

/** Submit for Review: the submitter picks reviewers (Reviewer role) and an approver (Approver role). */
export function SubmitReviewDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("document-parts");
  const assignment = useReviewAssignment(document);
  const { reviewers, chosenReviewers, chosenApprover } = assignment;
  const submit = useSubmitForReview();
  // A category with its own template is picked stage by stage; the default flow keeps the seed's form.
  const template = useApprovalTemplate(document.id).data;
  const custom = template?.custom === true;
  const picks = useStagePicks(template);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const reviewerIds = reviewers.filter((u) => chosenReviewers.has(u.id)).map((u) => u.id);
    const body = custom
      ? { id: document.id, stages: picks.body }
      : { id: document.id, reviewers: reviewerIds, approverId: chosenApprover };
    // mutateAsync: a status filter can take the card (and this dialog) off the list before
    // mutate's own callbacks would run.
    submit.mutateAsync(body).then(
      () => {
        toast({
          title: i18n.t("document-parts:submit.submitted"),
          description: i18n.t("document-parts:submit.notified"),
        });
        onClose();
      },
      () =>
        toast({
          variant: "destructive",
          title: i18n.t("document-parts:submit.failed"),
          description: i18n.t("document-parts:submit.failedText"),
        }),
    );
  }

  const ready = custom ? picks.ready : chosenReviewers.size > 0 && chosenApprover !== "";
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-testid="dialog-submit-review"
        className="max-h-[90vh] overflow-y-auto"
        closeLabel={t("dialogClose")}
      >
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("submit.title")}</DialogTitle>
            <DialogDescription>{t("submit.description", { title: document.title })}</DialogDescription>
          </DialogHeader>
          {custom && template ? (
            <StagePicksFields
              template={template}
              users={assignment.users}
              document={document}
              picks={picks}
            />
          ) : (
            <ReviewAssignees {...assignment} />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("submit.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={!ready || submit.isPending}
              data-testid="button-confirm-submit-review"
            >
              {submit.isPending ? t("submit.submitting") : t("submit.title")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
