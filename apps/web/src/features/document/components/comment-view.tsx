import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pencil, Trash2 } from "lucide-react";
import { commentParts, type Comment } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime, shortRelativeTime } from "@/lib/format";
import { useDeleteComment, useEditComment } from "../api/comments";
import { toastRefusal } from "../lib/comment-refusal";
import { CommentComposer } from "./comment-composer";
import "../locale";

/** A comment's text: always plain text (never HTML), mentions marked. */
function CommentBody({ body }: { body: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap" data-testid="text-comment-body">
      {commentParts(body).map((part, i) =>
        part.mention ? (
          <span key={i} className="rounded bg-primary/10 px-0.5 font-medium text-primary">
            {part.text}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** "on v2", and for a version older than the one the reader reads, that it is older. */
function VersionMark({ version, readable }: { version: number; readable: number }) {
  const { t } = useTranslation("document");
  const older = version < readable;
  return (
    <Badge
      variant={older ? "warning" : "muted"}
      className="font-normal"
      title={older ? t("comments.madeOn", { version, readable }) : undefined}
      data-testid="badge-comment-version"
    >
      {t("comments.onVersion", { version })}
      {older && <span className="ml-1">{t("comments.olderVersion")}</span>}
    </Badge>
  );
}

/** Who wrote the comment, when, on which version, and whether it was edited since. */
function CommentHeader({ comment, readable }: { comment: Comment; readable: number }) {
  const { t } = useTranslation("document");
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span className="font-medium text-foreground">{comment.author}</span>
      <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
        {shortRelativeTime(comment.createdAt)}
      </time>
      <VersionMark version={comment.version} readable={readable} />
      {comment.editedAt && !comment.deleted && <span>{t("comments.edited")}</span>}
    </header>
  );
}

/** The composer in place of a comment's text while its author rewords it. */
function CommentEditor({
  documentId,
  comment,
  body,
  onDone,
}: {
  documentId: string;
  comment: Comment;
  body: string;
  onDone: () => void;
}) {
  const { t } = useTranslation("document");
  const edit = useEditComment(documentId);
  const submit = async (next: string) => {
    try {
      await edit.mutateAsync({ commentId: comment.id, body: next });
    } catch (error) {
      toastRefusal(t("comments.notSaved"), error);
      return false;
    }
    onDone();
    return true;
  };
  return (
    <CommentComposer
      documentId={documentId}
      version={comment.version}
      label={t("comments.editLabel")}
      placeholder={t("comments.editPlaceholder")}
      submitLabel={t("comments.save")}
      initial={body}
      busy={edit.isPending}
      testId="edit-comment"
      onCancel={onDone}
      onSubmit={submit}
    />
  );
}

/** Deleting asks once more, in place of the buttons, before the comment goes. */
function DeleteConfirmation({
  commentId,
  busy,
  onConfirm,
  onCancel,
}: {
  commentId: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("document");
  return (
    <>
      <span className="text-xs">{t("comments.confirmDelete")}</span>
      <Button
        size="sm"
        variant="destructive"
        className="h-7"
        disabled={busy}
        onClick={onConfirm}
        data-testid={`button-confirm-delete-${commentId}`}
      >
        {t("comments.delete")}
      </Button>
      <Button size="sm" variant="ghost" className="h-7" onClick={onCancel}>
        {t("comments.cancel")}
      </Button>
    </>
  );
}

/** Edit and delete, each shown when the server's abilities allow it. */
function CommentActions({
  documentId,
  comment,
  onEdit,
}: {
  documentId: string;
  comment: Comment;
  onEdit: () => void;
}) {
  const { t } = useTranslation("document");
  const [confirming, setConfirming] = useState(false);
  // Held here, not in the confirmation: cancelling while the delete is under way still reports its failure.
  const remove = useDeleteComment(documentId);
  const confirmDelete = () =>
    remove.mutate(comment.id, {
      onError: (error) => toastRefusal(t("comments.notDeleted"), error),
      onSettled: () => setConfirming(false),
    });
  return (
    <div className="flex flex-wrap items-center gap-1">
      {confirming ? (
        <DeleteConfirmation
          commentId={comment.id}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <>
          {comment.abilities.edit && (
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2"
              onClick={onEdit}
              data-testid={`button-edit-comment-${comment.id}`}
            >
              <Pencil aria-hidden="true" />
              {t("comments.edit")}
            </Button>
          )}
          {comment.abilities.delete && (
            <Button
              size="sm"
              variant="ghost"
              className="h-7 px-2"
              onClick={() => setConfirming(true)}
              data-testid={`button-delete-comment-${comment.id}`}
            >
              <Trash2 aria-hidden="true" />
              {t("comments.delete")}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** One comment (a thread's first or a reply): its header, its text or its editor, and its actions. */
export function CommentView({
  documentId,
  comment,
  readable,
}: {
  documentId: string;
  comment: Comment;
  readable: number;
}) {
  const { t } = useTranslation("document");
  const [editing, setEditing] = useState(false);
  return (
    <article
      id={`comment-${comment.id}`}
      className="grid scroll-mt-20 gap-1"
      aria-label={comment.deleted ? t("comments.deletedLabel") : t("comments.by", { author: comment.author })}
      data-testid={`comment-${comment.id}`}
    >
      <CommentHeader comment={comment} readable={readable} />
      {comment.deleted || comment.body === null ? (
        <p className="text-sm text-muted-foreground italic" data-testid="text-comment-deleted">
          {t("comments.deleted")}
        </p>
      ) : editing ? (
        <CommentEditor
          documentId={documentId}
          comment={comment}
          body={comment.body}
          onDone={() => setEditing(false)}
        />
      ) : (
        <CommentBody body={comment.body} />
      )}
      {!editing && (comment.abilities.edit || comment.abilities.delete) && (
        <CommentActions documentId={documentId} comment={comment} onEdit={() => setEditing(true)} />
      )}
    </article>
  );
}
