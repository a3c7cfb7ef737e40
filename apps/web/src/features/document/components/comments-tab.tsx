import { useTranslation } from "react-i18next";
import type { CommentThread } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { useLocationHash, useScrollToAnchor } from "../hooks/use-location-hash";
import { useComments } from "../api/comments";
import type { PendingQuote } from "./comment-quotes";
import { ThreadView } from "./comment-thread";
import { NewComment } from "./new-comment";
import "../locale";

function CommentsSkeleton() {
  const { t } = useTranslation("document");
  return (
    <div className="grid gap-2" role="status" aria-label={t("comments.loading")}>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/** Every thread the reader may see, oldest first, after how many there are and how many are open. */
function ThreadList({
  documentId,
  threads,
  readable,
}: {
  documentId: string;
  threads: CommentThread[];
  readable: number;
}) {
  const { t } = useTranslation("document");
  if (threads.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="text-no-comments">
        {t("comments.none")}
      </p>
    );
  const open = threads.filter((thread) => !thread.resolved).length;
  return (
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
          <ThreadView key={thread.id} documentId={documentId} thread={thread} readable={readable} />
        ))}
      </ol>
    </>
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
  const hash = useLocationHash();
  // The notification's link names the comment: bring it into view once the threads are shown.
  useScrollToAnchor(list.data && hash.startsWith("#comment-") ? hash.slice(1) : null);
  if (list.isPending) return <CommentsSkeleton />;
  if (list.isError) return <ErrorNotice error={list.error} />;
  const { threads, readableVersion, abilities } = list.data;
  return (
    <section className="grid gap-4" aria-label={t("comments.label")} data-testid="panel-comments">
      {abilities.comment && (
        <NewComment
          documentId={documentId}
          quote={quote}
          readableVersion={readableVersion}
          onClearQuote={onClearQuote}
        />
      )}
      <ThreadList documentId={documentId} threads={threads} readable={readableVersion} />
    </section>
  );
}
