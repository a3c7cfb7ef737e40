import { useTranslation } from "react-i18next";
import { Quote, X } from "lucide-react";
import type { CommentThread } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import "../locale";

/** A passage chosen in the text ("Comment on selection"), waiting to be commented on. */
export interface PendingQuote {
  quote: string;
  section: string | null;
  /** The version whose text it was selected in (null: the one the reader reads). */
  version: number | null;
}

/** The passage a thread is about, with the section it sits in. */
export function ThreadAnchor({ anchor }: { anchor: NonNullable<CommentThread["anchor"]> }) {
  return (
    <figure className="grid gap-1 border-l-2 border-primary/50 pl-2 text-sm" data-testid="text-thread-anchor">
      {anchor.section && <figcaption className="text-xs text-muted-foreground">{anchor.section}</figcaption>}
      <blockquote className="line-clamp-4 break-words text-muted-foreground italic">
        {anchor.quote}
      </blockquote>
    </figure>
  );
}

/** The passage a new thread will be about, above its composer, with a way to drop it. */
export function PendingQuoteCard({ quote, onClear }: { quote: PendingQuote; onClear: () => void }) {
  const { t } = useTranslation("document");
  return (
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
        onClick={onClear}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
