import { useTranslation } from "react-i18next";
import { usePostComment } from "../api/comments";
import { toastRefusal } from "../lib/comment-refusal";
import { CommentComposer } from "./comment-composer";
import { PendingQuoteCard, type PendingQuote } from "./comment-quotes";
import "../locale";

/**
 * The box that starts a thread: about the passage chosen in the text when there is one, on the
 * version it was chosen in, and saying who will see the comment.
 */
export function NewComment({
  documentId,
  quote,
  readableVersion,
  onClearQuote,
}: {
  documentId: string;
  quote: PendingQuote | null;
  readableVersion: number;
  onClearQuote: () => void;
}) {
  const { t } = useTranslation("document");
  const post = usePostComment(documentId);
  const submit = async (body: string) => {
    try {
      await post.mutateAsync({
        body,
        ...(quote?.version ? { version: quote.version } : {}),
        ...(quote ? { anchor: { quote: quote.quote, section: quote.section } } : {}),
      });
    } catch (error) {
      toastRefusal(t("comments.notPosted"), error);
      return false;
    }
    onClearQuote();
    return true;
  };
  return (
    <div className="grid gap-2" data-testid="comment-composer">
      {quote && <PendingQuoteCard quote={quote} onClear={onClearQuote} />}
      <CommentComposer
        documentId={documentId}
        version={quote?.version ?? null}
        label={quote ? t("comments.onQuote") : t("comments.new")}
        placeholder={t("comments.placeholder")}
        submitLabel={t("comments.post")}
        busy={post.isPending}
        testId="comment"
        onSubmit={submit}
      />
      <p className="text-xs text-muted-foreground">
        {t("comments.visibility", { version: quote?.version ?? readableVersion })}
      </p>
    </div>
  );
}
