import { useMemo } from "react";
import { parseExcerpt } from "../lib/excerpt";

/**
 * Renders a search excerpt with `<mark>` highlights and nothing else: the string is parsed into
 * text and mark parts and React escapes every text node, so no markup from a document can run.
 */
export function HighlightedExcerpt({ excerpt, className }: { excerpt: string; className?: string }) {
  const parts = useMemo(() => parseExcerpt(excerpt), [excerpt]);
  return (
    <p className={className} data-testid="text-excerpt">
      {parts.map((part, i) =>
        part.kind === "mark" ? (
          <mark
            key={i}
            className="rounded-sm bg-yellow-200 px-0.5 text-yellow-950 dark:bg-yellow-400/30 dark:text-yellow-100"
          >
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
