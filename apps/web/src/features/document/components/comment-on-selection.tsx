import { useEffect, useState, type RefObject } from "react";
import { MessageSquarePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { COMMENT_QUOTE_MAX_LENGTH } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import type { PendingQuote } from "./comment-quotes";
import "../locale";

/** The heading of the section a node sits in: the last h1–h6 inside `root` that comes before it. */
export function sectionBefore(root: HTMLElement, node: Node): string | null {
  let found: string | null = null;
  for (const heading of root.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const before =
      heading === node ||
      heading.contains(node) ||
      (heading.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    if (!before) break;
    found = heading.textContent?.trim() || found;
  }
  return found;
}

/** Text selected inside `root`, with its section, or null. */
function selectionIn(root: HTMLElement): Omit<PendingQuote, "version"> | null {
  const selection = globalThis.getSelection?.();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.commonAncestorContainer)) return null;
  const quote = selection.toString().replace(/\s+/g, " ").trim();
  if (!quote) return null;
  return {
    quote: quote.slice(0, COMMENT_QUOTE_MAX_LENGTH),
    section: sectionBefore(root, range.startContainer),
  };
}

/**
 * "Comment on selection": while text of the document is selected, a button at the foot of the
 * screen (where a phone's own selection menu does not cover it) starts a comment quoting it.
 */
export function CommentOnSelection({
  container,
  version,
  onComment,
}: {
  container: RefObject<HTMLElement | null>;
  /** The version whose text is shown (null: the one the reader reads). */
  version: number | null;
  onComment: (quote: PendingQuote) => void;
}) {
  const { t } = useTranslation("document");
  const [selected, setSelected] = useState<Omit<PendingQuote, "version"> | null>(null);
  useEffect(() => {
    const update = () => setSelected(container.current ? selectionIn(container.current) : null);
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, [container]);
  if (!selected) return null;
  return (
    <div className="fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      <Button
        className="shadow-lg"
        // Keeps the selection while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          onComment({ ...selected, version });
          globalThis.getSelection?.()?.removeAllRanges();
          setSelected(null);
        }}
        data-testid="button-comment-on-selection"
      >
        <MessageSquarePlus aria-hidden="true" />
        {t("comments.onSelection")}
      </Button>
    </div>
  );
}
