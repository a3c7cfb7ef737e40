import { useTranslation } from "react-i18next";
import type { User } from "@quire/contracts";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import "@/components/locale";

function ReviewerChoices({
  reviewers,
  chosen,
  onToggle,
}: {
  reviewers: User[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
}) {
  const { t } = useTranslation("shared");
  if (reviewers.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("assignees.noReviewer")}</p>;
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

function ApproverSelect({
  approvers,
  value,
  onChange,
}: {
  approvers: User[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation("shared");
  return (
    <div className="grid gap-2">
      <Label htmlFor="submit-approver">{t("assignees.approver")}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id="submit-approver" className="w-full" data-testid="select-approver">
          <SelectValue placeholder={t("assignees.selectApprover")} />
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
  );
}

/** Reviewers to tick and the one approver to pick; placeholders while the users load. */
export function ReviewAssignees({
  loading,
  reviewers,
  approvers,
  chosenReviewers,
  chosenApprover,
  onToggleReviewer,
  onChooseApprover,
}: {
  loading: boolean;
  reviewers: User[];
  approvers: User[];
  chosenReviewers: ReadonlySet<string>;
  chosenApprover: string;
  onToggleReviewer: (id: string, checked: boolean) => void;
  onChooseApprover: (id: string) => void;
}) {
  const { t } = useTranslation("shared");
  if (loading) {
    return (
      <div className="grid gap-2" role="status" aria-label={t("assignees.loadingUsers")}>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("assignees.reviewers")}</legend>
        <ReviewerChoices reviewers={reviewers} chosen={chosenReviewers} onToggle={onToggleReviewer} />
      </fieldset>
      <ApproverSelect approvers={approvers} value={chosenApprover} onChange={onChooseApprover} />
    </>
  );
}
