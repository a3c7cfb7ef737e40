import { useState, type FormEvent, type ReactNode } from "react";
import type { BulkRequest, BulkResult, BulkSelection } from "@quire/contracts";
import { CategorySelect } from "@/components/documents/category-select";
import { ReviewAssignees } from "@/components/documents/review-assignees";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useUsers } from "@/lib/api/users";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { parseTags } from "@/lib/tags";
import { useBulkAction } from "../api/bulk-actions";

export type BulkActionName = BulkRequest["action"];

/** What each action is called in the menu, the dialog's title and its button. */
export const bulkActionLabels: Record<BulkActionName, { menu: string; title: string; confirm: string }> = {
  setCategory: { menu: "Set category…", title: "Set category", confirm: "Set category" },
  addTags: { menu: "Add tags…", title: "Add tags", confirm: "Add tags" },
  removeTags: { menu: "Remove tags…", title: "Remove tags", confirm: "Remove tags" },
  setOwner: { menu: "Set owner…", title: "Set owner", confirm: "Set owner" },
  submitForReview: { menu: "Submit for review…", title: "Submit for review", confirm: "Submit for review" },
  archive: { menu: "Archive…", title: "Archive documents?", confirm: "Archive" },
};

const documentsText = (n: number) => `${formatCount(n)} ${n === 1 ? "document" : "documents"}`;

/** "197 updated, 3 refused": what happened, in the order a person checks it. */
export function resultSummary(result: BulkResult): string {
  const parts = [`${formatCount(result.done)} updated`];
  if (result.unchanged > 0) parts.push(`${formatCount(result.unchanged)} already so`);
  if (result.refused > 0) parts.push(`${formatCount(result.refused)} refused`);
  return parts.join(", ");
}

/** The action's own fields; `params` is null until they are filled in. */
function useActionParams(action: BulkActionName) {
  const [categoryId, setCategoryId] = useState("");
  const [tagText, setTagText] = useState("");
  const [ownerId, setOwnerId] = useState("");
  const users = useUsers({ enabled: action === "setOwner" || action === "submitForReview" });
  const reviewers = (users.data ?? []).filter((u) => u.assignable.review);
  const approvers = (users.data ?? []).filter((u) => u.assignable.approve);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [approverId, setApproverId] = useState<string | null>(null);
  const chosenReviewers = chosen ?? new Set(reviewers.map((u) => u.id));
  const chosenApprover = approverId ?? approvers[0]?.id ?? "";
  const tags = parseTags(tagText);

  let request: Omit<BulkRequest, "ids" | "filter"> | null = null;
  if (action === "setCategory" && categoryId) request = { action, params: { categoryId } };
  if ((action === "addTags" || action === "removeTags") && tags.length > 0)
    request = { action, params: { tags } };
  if (action === "setOwner" && ownerId) request = { action, params: { ownerId } };
  if (action === "archive") request = { action, params: {} };
  if (action === "submitForReview" && chosenReviewers.size > 0 && chosenApprover)
    request = {
      action,
      params: {
        reviewers: reviewers.filter((u) => chosenReviewers.has(u.id)).map((u) => u.id),
        approverId: chosenApprover,
      },
    };

  let fields: ReactNode = null;
  if (action === "setCategory")
    fields = (
      <div className="grid gap-2">
        <Label htmlFor="bulk-category">Category</Label>
        <CategorySelect
          id="bulk-category"
          testId="select-bulk-category"
          value={categoryId}
          onChange={setCategoryId}
        />
      </div>
    );
  if (action === "addTags" || action === "removeTags")
    fields = (
      <div className="grid gap-2">
        <Label htmlFor="bulk-tags">Tags (comma-separated)</Label>
        <Input
          id="bulk-tags"
          value={tagText}
          onChange={(e) => setTagText(e.target.value)}
          placeholder="policy, 2026"
          data-testid="input-bulk-tags"
        />
      </div>
    );
  if (action === "setOwner")
    fields = (
      <div className="grid gap-2">
        <Label htmlFor="bulk-owner">New owner</Label>
        <Select value={ownerId} onValueChange={setOwnerId}>
          <SelectTrigger id="bulk-owner" className="w-full" data-testid="select-bulk-owner">
            <SelectValue placeholder="Select a person" />
          </SelectTrigger>
          <SelectContent>
            {(users.data ?? []).map((u) => (
              <SelectItem key={u.id} value={u.id}>
                {u.username}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    );
  if (action === "submitForReview")
    fields = (
      <ReviewAssignees
        loading={users.isPending}
        reviewers={reviewers}
        approvers={approvers}
        chosenReviewers={chosenReviewers}
        chosenApprover={chosenApprover}
        onToggleReviewer={(id, checked) => {
          const next = new Set(chosenReviewers);
          if (checked) next.add(id);
          else next.delete(id);
          setChosen(next);
        }}
        onChooseApprover={setApproverId}
      />
    );
  return { request, fields };
}

function describeAction(action: BulkActionName, count: number): string {
  const docs = documentsText(count);
  switch (action) {
    case "archive":
      return `${docs} will leave lists and search. Their versions and original files are kept, and each can be restored.`;
    case "setOwner":
      return `${docs} will be handed to the person you choose; you may no longer see the drafts among them.`;
    case "submitForReview":
      return `Each Draft among the ${docs} starts its own review round with these people.`;
    default:
      return `Applies to ${docs}. Each one is checked on its own: those you may not change are listed afterwards.`;
  }
}

/** The refused documents, each with its title (or id when hidden) and the server's reason. */
function RefusedList({ result }: { result: BulkResult }) {
  const refused = result.results.filter((r) => r.outcome === "refused");
  if (refused.length === 0) return null;
  return (
    <ul
      className="grid max-h-64 gap-2 overflow-y-auto text-sm"
      aria-label="Refused documents"
      data-testid="bulk-refused"
    >
      {refused.map((r) => (
        <li key={r.id} className="rounded-md border p-2" data-testid={`bulk-refused-${r.id}`}>
          <p className="font-medium break-words">{r.title ?? `Document ${r.id}`}</p>
          <p className="text-muted-foreground break-words">{r.reason}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * One bulk action: its fields, a confirmation naming how many documents it touches (destructive
 * ones in red), then the server's answer: how many changed and which were refused, and why.
 */
export function BulkActionDialog({
  action,
  count,
  selection,
  onClose,
  onDone,
}: {
  action: BulkActionName;
  count: number;
  selection: BulkSelection;
  onClose: () => void;
  /** The action ran (whatever each document's outcome): the selection has served. */
  onDone: () => void;
}) {
  const { request, fields } = useActionParams(action);
  const run = useBulkAction();
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labels = bulkActionLabels[action];
  const destructive = action === "archive" || action === "setOwner";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    setError(null);
    run.mutateAsync({ ...selection, ...request } as BulkRequest).then(
      (answer) => {
        setResult(answer);
        onDone();
      },
      (err: unknown) => setError(errorMessage(err, "The action could not be applied.")),
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-bulk-action" className="max-h-[90vh] overflow-y-auto">
        {result ? (
          <>
            <DialogHeader>
              <DialogTitle>{labels.title}: done</DialogTitle>
              <DialogDescription data-testid="bulk-result-summary">{resultSummary(result)}</DialogDescription>
            </DialogHeader>
            <RefusedList result={result} />
            <DialogFooter>
              <Button type="button" onClick={onClose} data-testid="button-bulk-result-close">
                Close
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{labels.title}</DialogTitle>
              <DialogDescription>{describeAction(action, count)}</DialogDescription>
            </DialogHeader>
            {fields}
            {error && (
              <p role="alert" className="text-sm text-destructive" data-testid="bulk-error">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant={destructive ? "destructive" : "default"}
                disabled={!request || run.isPending}
                data-testid="button-confirm-bulk"
              >
                {run.isPending ? "Working…" : `${labels.confirm} (${formatCount(count)})`}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
