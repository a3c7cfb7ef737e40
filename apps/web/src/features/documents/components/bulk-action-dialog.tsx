import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { i18n } from "@/lib/i18n";
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
import "../locale";

export type BulkActionName = BulkRequest["action"];

const documentsText = (n: number) => i18n.t("documents:bulk.documents", { count: n, n: formatCount(n) });

/** "197 updated, 3 refused": what happened, in the order a person checks it. */
export function resultSummary(result: BulkResult): string {
  const parts = [i18n.t("documents:bulk.updated", { n: formatCount(result.done) })];
  if (result.unchanged > 0)
    parts.push(i18n.t("documents:bulk.unchanged", { n: formatCount(result.unchanged) }));
  if (result.refused > 0) parts.push(i18n.t("documents:bulk.refused", { n: formatCount(result.refused) }));
  return parts.join(", ");
}

/** The action's own fields; `params` is null until they are filled in. */
function useActionParams(action: BulkActionName) {
  const [categoryId, setCategoryId] = useState("");
  const [tagText, setTagText] = useState("");
  const [ownerId, setOwnerId] = useState("");
  const { t } = useTranslation("documents");
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
        <Label htmlFor="bulk-category">{t("bulk.category")}</Label>
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
        <Label htmlFor="bulk-tags">{t("bulk.tags")}</Label>
        <Input
          id="bulk-tags"
          value={tagText}
          onChange={(e) => setTagText(e.target.value)}
          placeholder={t("bulk.tagsPlaceholder")}
          data-testid="input-bulk-tags"
        />
      </div>
    );
  if (action === "setOwner")
    fields = (
      <div className="grid gap-2">
        <Label htmlFor="bulk-owner">{t("bulk.newOwner")}</Label>
        <Select value={ownerId} onValueChange={setOwnerId}>
          <SelectTrigger id="bulk-owner" className="w-full" data-testid="select-bulk-owner">
            <SelectValue placeholder={t("bulk.selectPerson")} />
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
  const values = { documents: documentsText(count), count };
  switch (action) {
    case "archive":
      return i18n.t("documents:bulk.describeArchive", values);
    case "setOwner":
      return i18n.t("documents:bulk.describeSetOwner", values);
    case "submitForReview":
      return i18n.t("documents:bulk.describeSubmit", values);
    default:
      return i18n.t("documents:bulk.describeOther", values);
  }
}

/** The refused documents, each with its title (or id when hidden) and the server's reason. */
function RefusedList({ result }: { result: BulkResult }) {
  const { t } = useTranslation("documents");
  const refused = result.results.filter((r) => r.outcome === "refused");
  if (refused.length === 0) return null;
  return (
    <ul
      className="grid max-h-64 gap-2 overflow-y-auto text-sm"
      aria-label={t("bulk.refusedList")}
      data-testid="bulk-refused"
    >
      {refused.map((r) => (
        <li key={r.id} className="rounded-md border p-2" data-testid={`bulk-refused-${r.id}`}>
          <p className="font-medium break-words">{r.title ?? t("bulk.documentId", { id: r.id })}</p>
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
  const { t } = useTranslation("documents");
  const { request, fields } = useActionParams(action);
  const run = useBulkAction();
  const [result, setResult] = useState<BulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labels = {
    title: t(`bulk.labels.${action}.title`),
    confirm: t(`bulk.labels.${action}.confirm`),
  };
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
      (err: unknown) => setError(errorMessage(err, t("bulk.failed"))),
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-bulk-action" className="max-h-[90vh] overflow-y-auto">
        {result ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("bulk.done", { title: labels.title })}</DialogTitle>
              <DialogDescription data-testid="bulk-result-summary">{resultSummary(result)}</DialogDescription>
            </DialogHeader>
            <RefusedList result={result} />
            <DialogFooter>
              <Button type="button" onClick={onClose} data-testid="button-bulk-result-close">
                {t("bulk.close")}
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
                {t("bulk.cancel")}
              </Button>
              <Button
                type="submit"
                variant={destructive ? "destructive" : "default"}
                disabled={!request || run.isPending}
                data-testid="button-confirm-bulk"
              >
                {run.isPending
                  ? t("bulk.working")
                  : t("bulk.confirm", { label: labels.confirm, n: formatCount(count) })}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
