import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircle2, MessageSquare, RotateCcw } from "lucide-react";
import type { CommentThread } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { shortRelativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useReply, useResolveThread } from "../api/comments";
import { toastRefusal } from "../lib/comment-refusal";
import { CommentComposer } from "./comment-composer";
import { ThreadAnchor } from "./comment-quotes";
import { CommentView } from "./comment-view";
import "../locale";

/** Who resolved the thread, and when. */
function ThreadResolvedNote({ thread }: { thread: CommentThread }) {
  const { t } = useTranslation("document");
  return (
    <p className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="text-thread-resolved">
      <CheckCircle2 className="size-3.5" aria-hidden="true" />
      {thread.resolvedBy ? t("comments.resolvedBy", { name: thread.resolvedBy }) : t("comments.resolved")}
      {thread.resolvedAt ? ` ${shortRelativeTime(thread.resolvedAt)}` : ""}
    </p>
  );
}

/** The composer for a reply to the thread, in place of its buttons. */
function ReplyComposer({
  documentId,
  threadId,
  onDone,
}: {
  documentId: string;
  threadId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation("document");
  const reply = useReply(documentId);
  const submit = async (body: string) => {
    try {
      await reply.mutateAsync({ threadId, body });
    } catch (error) {
      toastRefusal(t("comments.replyNotSent"), error);
      return false;
    }
    onDone();
    return true;
  };
  return (
    <CommentComposer
      documentId={documentId}
      version={null}
      label={t("comments.replyLabel")}
      placeholder={t("comments.replyPlaceholder")}
      submitLabel={t("comments.reply")}
      busy={reply.isPending}
      testId="reply"
      onCancel={onDone}
      onSubmit={submit}
    />
  );
}

/** Reply, and resolve or reopen, each shown when the thread's abilities allow it. */
function ThreadActions({
  thread,
  resolving,
  onReply,
  onToggleResolved,
}: {
  thread: CommentThread;
  resolving: boolean;
  onReply: () => void;
  onToggleResolved: () => void;
}) {
  const { t } = useTranslation("document");
  return (
    <div className="flex flex-wrap gap-2">
      {thread.abilities.reply && (
        <Button size="sm" variant="outline" onClick={onReply} data-testid={`button-reply-${thread.id}`}>
          <MessageSquare aria-hidden="true" />
          {t("comments.reply")}
        </Button>
      )}
      {thread.abilities.resolve && (
        <Button
          size="sm"
          variant="outline"
          disabled={resolving}
          onClick={onToggleResolved}
          data-testid={`button-${thread.resolved ? "reopen" : "resolve"}-${thread.id}`}
        >
          {thread.resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {thread.resolved ? t("comments.reopen") : t("comments.resolve")}
        </Button>
      )}
    </div>
  );
}

/** One thread: the passage it is about, its first comment, its replies, and what may be done with it. */
export function ThreadView({
  documentId,
  thread,
  readable,
}: {
  documentId: string;
  thread: CommentThread;
  readable: number;
}) {
  const { t } = useTranslation("document");
  const [replying, setReplying] = useState(false);
  // Held by the thread, not its buttons: a failure is still reported once the reply box replaces them.
  const resolve = useResolveThread(documentId);
  const setResolved = (resolved: boolean) =>
    resolve.mutate(
      { threadId: thread.id, resolved },
      { onError: (error) => toastRefusal(t("comments.notChanged"), error) },
    );
  return (
    <li
      className={cn("grid gap-3 rounded-lg border p-3", thread.resolved && "bg-muted/40")}
      data-testid={`thread-${thread.id}`}
      data-resolved={thread.resolved}
    >
      {thread.anchor && <ThreadAnchor anchor={thread.anchor} />}
      <CommentView documentId={documentId} comment={thread.comment} readable={readable} />
      {thread.replies.length > 0 && (
        <ol className="grid gap-3 border-l pl-3" aria-label={t("comments.replies")}>
          {thread.replies.map((r) => (
            <li key={r.id}>
              <CommentView documentId={documentId} comment={r} readable={readable} />
            </li>
          ))}
        </ol>
      )}
      {thread.resolved && <ThreadResolvedNote thread={thread} />}
      {replying ? (
        <ReplyComposer documentId={documentId} threadId={thread.id} onDone={() => setReplying(false)} />
      ) : (
        <ThreadActions
          thread={thread}
          resolving={resolve.isPending}
          onReply={() => setReplying(true)}
          onToggleResolved={() => setResolved(!thread.resolved)}
        />
      )}
    </li>
  );
}
