import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircle2, MessageSquare, Pencil, Quote, RotateCcw, Trash2, X } from "lucide-react";
import { commentParts, type Comment, type CommentThread } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatCount, formatDateTime, shortRelativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useLocationHash, useScrollToAnchor } from "../hooks/use-location-hash";
import {
  useComments,
  useDeleteComment,
  useEditComment,
  usePostComment,
  useReply,
  useResolveThread,
} from "../api/comments";
import { CommentComposer } from "./comment-composer";
import "../locale";

/** A passage chosen in the text ("Comment on selection"), waiting to be commented on. */
export interface PendingQuote {
  quote: string;
  section: string | null;
  /** The version whose text it was selected in (null: the one the reader reads). */
  version: number | null;
}

/** The server's refusal as people read it (its message: "Cannot mention @dave: …"). */
const refusal = (error: unknown) => errorMessage(error);

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

function CommentView({
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
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(documentId);
  const remove = useDeleteComment(documentId);
  return (
    <article
      id={`comment-${comment.id}`}
      className="grid scroll-mt-20 gap-1"
      aria-label={comment.deleted ? t("comments.deletedLabel") : t("comments.by", { author: comment.author })}
      data-testid={`comment-${comment.id}`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{comment.author}</span>
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
          {shortRelativeTime(comment.createdAt)}
        </time>
        <VersionMark version={comment.version} readable={readable} />
        {comment.editedAt && !comment.deleted && <span>{t("comments.edited")}</span>}
      </header>
      {comment.deleted || comment.body === null ? (
        <p className="text-sm text-muted-foreground italic" data-testid="text-comment-deleted">
          {t("comments.deleted")}
        </p>
      ) : editing ? (
        <CommentComposer
          documentId={documentId}
          version={comment.version}
          label={t("comments.editLabel")}
          placeholder={t("comments.editPlaceholder")}
          submitLabel={t("comments.save")}
          initial={comment.body}
          busy={edit.isPending}
          testId="edit-comment"
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            try {
              await edit.mutateAsync({ commentId: comment.id, body });
            } catch (error) {
              toast({ variant: "destructive", title: t("comments.notSaved"), description: refusal(error) });
              return false;
            }
            setEditing(false);
            return true;
          }}
        />
      ) : (
        <CommentBody body={comment.body} />
      )}
      {!editing && (comment.abilities.edit || comment.abilities.delete) && (
        <div className="flex flex-wrap items-center gap-1">
          {confirming ? (
            <>
              <span className="text-xs">{t("comments.confirmDelete")}</span>
              <Button
                size="sm"
                variant="destructive"
                className="h-7"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(comment.id, {
                    onError: (error) =>
                      toast({
                        variant: "destructive",
                        title: t("comments.notDeleted"),
                        description: refusal(error),
                      }),
                    onSettled: () => setConfirming(false),
                  })
                }
                data-testid={`button-confirm-delete-${comment.id}`}
              >
                {t("comments.delete")}
              </Button>
              <Button size="sm" variant="ghost" className="h-7" onClick={() => setConfirming(false)}>
                {t("comments.cancel")}
              </Button>
            </>
          ) : (
            <>
              {comment.abilities.edit && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="h-7 px-2"
                  onClick={() => setEditing(true)}
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
      )}
    </article>
  );
}

function ThreadView({
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
  const reply = useReply(documentId);
  const resolve = useResolveThread(documentId);
  const setResolved = (resolved: boolean) =>
    resolve.mutate(
      { threadId: thread.id, resolved },
      {
        onError: (error) =>
          toast({ variant: "destructive", title: t("comments.notChanged"), description: refusal(error) }),
      },
    );
  return (
    <li
      className={cn("grid gap-3 rounded-lg border p-3", thread.resolved && "bg-muted/40")}
      data-testid={`thread-${thread.id}`}
      data-resolved={thread.resolved}
    >
      {thread.anchor && (
        <figure
          className="grid gap-1 border-l-2 border-primary/50 pl-2 text-sm"
          data-testid="text-thread-anchor"
        >
          {thread.anchor.section && (
            <figcaption className="text-xs text-muted-foreground">{thread.anchor.section}</figcaption>
          )}
          <blockquote className="line-clamp-4 break-words text-muted-foreground italic">
            {thread.anchor.quote}
          </blockquote>
        </figure>
      )}
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
      {thread.resolved && (
        <p
          className="flex items-center gap-1 text-xs text-muted-foreground"
          data-testid="text-thread-resolved"
        >
          <CheckCircle2 className="size-3.5" aria-hidden="true" />
          {thread.resolvedBy ? t("comments.resolvedBy", { name: thread.resolvedBy }) : t("comments.resolved")}
          {thread.resolvedAt ? ` ${shortRelativeTime(thread.resolvedAt)}` : ""}
        </p>
      )}
      {replying ? (
        <CommentComposer
          documentId={documentId}
          version={null}
          label={t("comments.replyLabel")}
          placeholder={t("comments.replyPlaceholder")}
          submitLabel={t("comments.reply")}
          busy={reply.isPending}
          testId="reply"
          onCancel={() => setReplying(false)}
          onSubmit={async (body) => {
            try {
              await reply.mutateAsync({ threadId: thread.id, body });
            } catch (error) {
              toast({
                variant: "destructive",
                title: t("comments.replyNotSent"),
                description: refusal(error),
              });
              return false;
            }
            setReplying(false);
            return true;
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {thread.abilities.reply && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setReplying(true)}
              data-testid={`button-reply-${thread.id}`}
            >
              <MessageSquare aria-hidden="true" />
              {t("comments.reply")}
            </Button>
          )}
          {thread.abilities.resolve && (
            <Button
              size="sm"
              variant="outline"
              disabled={resolve.isPending}
              onClick={() => setResolved(!thread.resolved)}
              data-testid={`button-${thread.resolved ? "reopen" : "resolve"}-${thread.id}`}
            >
              {thread.resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
              {thread.resolved ? t("comments.reopen") : t("comments.resolve")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function CommentsSkeleton() {
  const { t } = useTranslation("document");
  return (
    <div className="grid gap-2" role="status" aria-label={t("comments.loading")}>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/**
 * The document's comments: a box to start a thread (about a passage chosen in the text, when one
 * was), then every thread the reader may see, oldest first, each marked with the version it was
 * made on. What each person may do comes from the server's abilities.
 */
export function CommentsTab({
  documentId,
  quote,
  onClearQuote,
}: {
  documentId: string;
  quote: PendingQuote | null;
  onClearQuote: () => void;
}) {
  const { t } = useTranslation("document");
  const list = useComments(documentId);
  const post = usePostComment(documentId);
  const hash = useLocationHash();
  // The notification's link names the comment: bring it into view once the threads are shown.
  useScrollToAnchor(list.data && hash.startsWith("#comment-") ? hash.slice(1) : null);
  if (list.isPending) return <CommentsSkeleton />;
  if (list.isError) return <ErrorNotice error={list.error} />;
  const { threads, readableVersion, abilities } = list.data;
  const open = threads.filter((thread) => !thread.resolved).length;
  return (
    <section className="grid gap-4" aria-label={t("comments.label")} data-testid="panel-comments">
      {abilities.comment && (
        <div className="grid gap-2" data-testid="comment-composer">
          {quote && (
            <div
              className="flex items-start gap-2 rounded-md border bg-muted/40 p-2 text-sm"
              data-testid="text-pending-quote"
            >
              <Quote className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                {quote.section && <p className="text-xs text-muted-foreground">{quote.section}</p>}
                <p className="line-clamp-3 break-words italic">{quote.quote}</p>
              </div>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={t("comments.dropQuote")}
                onClick={onClearQuote}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          )}
          <CommentComposer
            documentId={documentId}
            version={quote?.version ?? null}
            label={quote ? t("comments.onQuote") : t("comments.new")}
            placeholder={t("comments.placeholder")}
            submitLabel={t("comments.post")}
            busy={post.isPending}
            testId="comment"
            onSubmit={async (body) => {
              try {
                await post.mutateAsync({
                  body,
                  ...(quote?.version ? { version: quote.version } : {}),
                  ...(quote ? { anchor: { quote: quote.quote, section: quote.section } } : {}),
                });
              } catch (error) {
                toast({
                  variant: "destructive",
                  title: t("comments.notPosted"),
                  description: refusal(error),
                });
                return false;
              }
              onClearQuote();
              return true;
            }}
          />
          <p className="text-xs text-muted-foreground">
            {t("comments.visibility", { version: quote?.version ?? readableVersion })}
          </p>
        </div>
      )}
      {threads.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="text-no-comments">
          {t("comments.none")}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="text-comment-count">
            {t("comments.count", {
              count: threads.length,
              n: formatCount(threads.length),
              open: formatCount(open),
            })}
          </p>
          <ol className="grid gap-3" aria-label={t("comments.threads")}>
            {threads.map((thread) => (
              <ThreadView
                key={thread.id}
                documentId={documentId}
                thread={thread}
                readable={readableVersion}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
