import { useState } from "react";
import { CheckCircle2, MessageSquare, Pencil, Quote, RotateCcw, Trash2, X } from "lucide-react";
import { commentParts, type Comment, type CommentThread } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, shortRelativeTime } from "@/lib/format";
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
  const older = version < readable;
  return (
    <Badge
      variant={older ? "warning" : "muted"}
      className="font-normal"
      title={older ? `Made on version ${version}; you are reading version ${readable}` : undefined}
      data-testid="badge-comment-version"
    >
      on v{version}
      {older && <span className="ml-1">· older version</span>}
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
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(documentId);
  const remove = useDeleteComment(documentId);
  return (
    <article
      id={`comment-${comment.id}`}
      className="grid scroll-mt-20 gap-1"
      aria-label={comment.deleted ? "Deleted comment" : `Comment by ${comment.author}`}
      data-testid={`comment-${comment.id}`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{comment.author}</span>
        <time dateTime={comment.createdAt} title={formatDateTime(comment.createdAt)}>
          {shortRelativeTime(comment.createdAt)}
        </time>
        <VersionMark version={comment.version} readable={readable} />
        {comment.editedAt && !comment.deleted && <span>(edited)</span>}
      </header>
      {comment.deleted || comment.body === null ? (
        <p className="text-sm text-muted-foreground italic" data-testid="text-comment-deleted">
          Comment deleted
        </p>
      ) : editing ? (
        <CommentComposer
          documentId={documentId}
          version={comment.version}
          label="Edit your comment"
          placeholder="Your comment"
          submitLabel="Save"
          initial={comment.body}
          busy={edit.isPending}
          testId="edit-comment"
          onCancel={() => setEditing(false)}
          onSubmit={async (body) => {
            try {
              await edit.mutateAsync({ commentId: comment.id, body });
            } catch (error) {
              toast({ variant: "destructive", title: "Not saved", description: refusal(error) });
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
              <span className="text-xs">Delete this comment?</span>
              <Button
                size="sm"
                variant="destructive"
                className="h-7"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(comment.id, {
                    onError: (error) =>
                      toast({ variant: "destructive", title: "Not deleted", description: refusal(error) }),
                    onSettled: () => setConfirming(false),
                  })
                }
                data-testid={`button-confirm-delete-${comment.id}`}
              >
                Delete
              </Button>
              <Button size="sm" variant="ghost" className="h-7" onClick={() => setConfirming(false)}>
                Cancel
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
                  Edit
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
                  Delete
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
  const [replying, setReplying] = useState(false);
  const reply = useReply(documentId);
  const resolve = useResolveThread(documentId);
  const setResolved = (resolved: boolean) =>
    resolve.mutate(
      { threadId: thread.id, resolved },
      {
        onError: (error) =>
          toast({ variant: "destructive", title: "Not changed", description: refusal(error) }),
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
        <ol className="grid gap-3 border-l pl-3" aria-label="Replies">
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
          Resolved{thread.resolvedBy ? ` by ${thread.resolvedBy}` : ""}
          {thread.resolvedAt ? ` ${shortRelativeTime(thread.resolvedAt)}` : ""}
        </p>
      )}
      {replying ? (
        <CommentComposer
          documentId={documentId}
          version={null}
          label="Your reply"
          placeholder="Reply… (type @ to mention someone)"
          submitLabel="Reply"
          busy={reply.isPending}
          testId="reply"
          onCancel={() => setReplying(false)}
          onSubmit={async (body) => {
            try {
              await reply.mutateAsync({ threadId: thread.id, body });
            } catch (error) {
              toast({ variant: "destructive", title: "Reply not sent", description: refusal(error) });
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
              Reply
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
              {thread.resolved ? "Reopen" : "Resolve"}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function CommentsSkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-label="Loading comments">
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
  const list = useComments(documentId);
  const post = usePostComment(documentId);
  const hash = useLocationHash();
  // The notification's link names the comment: bring it into view once the threads are shown.
  useScrollToAnchor(list.data && hash.startsWith("#comment-") ? hash.slice(1) : null);
  if (list.isPending) return <CommentsSkeleton />;
  if (list.isError) return <ErrorNotice error={list.error} />;
  const { threads, readableVersion, abilities } = list.data;
  const open = threads.filter((t) => !t.resolved).length;
  return (
    <section className="grid gap-4" aria-label="Comments" data-testid="panel-comments">
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
                aria-label="Do not quote this passage"
                onClick={onClearQuote}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          )}
          <CommentComposer
            documentId={documentId}
            version={quote?.version ?? null}
            label={quote ? "Comment on the quoted passage" : "New comment"}
            placeholder="Add a comment… (type @ to mention someone)"
            submitLabel="Comment"
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
                toast({ variant: "destructive", title: "Comment not posted", description: refusal(error) });
                return false;
              }
              onClearQuote();
              return true;
            }}
          />
          <p className="text-xs text-muted-foreground">
            Comments are on version {quote?.version ?? readableVersion}. Everyone who may read this document
            sees them.
          </p>
        </div>
      )}
      {threads.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="text-no-comments">
          No comments yet.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="text-comment-count">
            {threads.length} {threads.length === 1 ? "thread" : "threads"}, {open} open
          </p>
          <ol className="grid gap-3" aria-label="Comment threads">
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
