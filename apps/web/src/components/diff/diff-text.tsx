import type { DiffSegment } from "@/lib/api/version-diff";
import { cn } from "@/lib/utils";

/**
 * One side of a line. With word segments, the side shows its own words: the old side keeps
 * "same" and "removed" ones (removed in <del>), the new side "same" and "added" (in <ins>).
 * Without segments the whole line is one <del> or <ins> when `mark` says so.
 */
export function DiffText({
  text,
  segments,
  side,
  mark = false,
}: {
  text: string;
  segments?: DiffSegment[];
  side: "old" | "new";
  mark?: boolean;
}) {
  if (segments && segments.length > 0) {
    const drop = side === "old" ? "added" : "removed";
    return (
      <>
        {segments
          .filter((segment) => segment.kind !== drop)
          .map((segment, i) =>
            segment.kind === "same" ? (
              <span key={i}>{segment.text}</span>
            ) : side === "old" ? (
              <del key={i} data-testid="diff-word-removed" className={wordClass.removed}>
                {segment.text}
              </del>
            ) : (
              <ins key={i} data-testid="diff-word-added" className={wordClass.added}>
                {segment.text}
              </ins>
            ),
          )}
      </>
    );
  }
  // An empty line still takes a row's height.
  const shown = text === "" ? "\u00a0" : text;
  if (!mark) return <span>{shown}</span>;
  return side === "old" ? (
    <del className="no-underline">{shown}</del>
  ) : (
    <ins className="no-underline">{shown}</ins>
  );
}

export const wordClass = {
  removed: cn(
    "rounded-sm bg-red-500/30 text-inherit line-through decoration-red-700 dark:decoration-red-300",
  ),
  added: cn("rounded-sm bg-green-500/30 text-inherit no-underline"),
};
