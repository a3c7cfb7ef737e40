import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { cn } from "@/lib/utils";
import { changeAnchorId } from "./changes";
import { diffRowId } from "./row-anchor";
import { DiffText } from "./diff-text";
import "@/components/document-parts-locale";

const leftCell: Record<SideBySideRow["kind"], string> = {
  unchanged: "",
  removed: "bg-red-500/15 line-through decoration-red-600/70 dark:decoration-red-300/70",
  changed: "bg-red-500/15 line-through decoration-red-600/70 dark:decoration-red-300/70",
  added: "bg-muted/40",
};
const rightCell: Record<SideBySideRow["kind"], string> = {
  unchanged: "",
  added: "bg-green-500/15",
  changed: "bg-green-500/15",
  removed: "bg-muted/40",
};

/** Changed rows only: an unchanged row may be folded away, and nothing links to one. */
function lineAnchor(row: SideBySideRow): string | undefined {
  if (row.kind === "unchanged") return undefined;
  return diffRowId(row.right?.number, row.left?.number) ?? undefined;
}

/** Where the reader's eye goes after Next / Previous change. */
export const currentChangeClass = "outline-2 -outline-offset-2 outline-primary";

/** One table row: the old side's number and text, then the new side's. */
export function SplitRow({
  row,
  change,
  current,
}: {
  row: SideBySideRow;
  change: number | null;
  current: boolean;
}) {
  return (
    <tr
      id={change === null ? undefined : changeAnchorId(change)}
      data-kind={row.kind}
      data-testid={`diff-row-${row.kind}`}
      className={cn("scroll-mt-24 align-top", current && currentChangeClass)}
    >
      {/* The line's own anchor (#diff-new-N, #diff-old-N): the AI analysis's key changes link here. */}
      <td
        id={lineAnchor(row)}
        className={cn(
          "scroll-mt-24 px-2 text-right text-muted-foreground select-none target:outline-2 target:outline-primary",
          leftCell[row.kind],
        )}
      >
        {row.left?.number ?? ""}
      </td>
      <td className={cn("border-r px-2 break-words whitespace-pre-wrap", leftCell[row.kind])}>
        {row.left ? (
          <DiffText
            text={row.left.text}
            segments={row.left.segments}
            side="old"
            mark={row.kind !== "unchanged"}
          />
        ) : null}
      </td>
      <td className={cn("px-2 text-right text-muted-foreground select-none", rightCell[row.kind])}>
        {row.right?.number ?? ""}
      </td>
      <td className={cn("px-2 break-words whitespace-pre-wrap", rightCell[row.kind])}>
        {row.right ? (
          <DiffText
            text={row.right.text}
            segments={row.right.segments}
            side="new"
            mark={row.kind !== "unchanged"}
          />
        ) : null}
      </td>
    </tr>
  );
}

/**
 * A phone's view of the same row: one column, the old line (−) above the new one (+), so nothing
 * is clipped at 390 px and a changed line still shows which words went and came.
 */
export function StackedRow({
  row,
  change,
  current,
}: {
  row: SideBySideRow;
  change: number | null;
  current: boolean;
}) {
  const showOld = row.left !== null && row.kind !== "added";
  const showNew = row.right !== null && row.kind !== "removed" && row.kind !== "unchanged";
  return (
    <div
      id={change === null ? undefined : changeAnchorId(change)}
      data-kind={row.kind}
      data-testid={`diff-row-${row.kind}`}
      className={cn("scroll-mt-24", current && currentChangeClass)}
    >
      {row.kind !== "unchanged" && <span id={lineAnchor(row)} className="block scroll-mt-24" />}
      {showOld && row.left && (
        <StackedLine
          sign={row.kind === "unchanged" ? " " : "-"}
          oldNumber={row.left.number}
          newNumber={row.kind === "unchanged" ? row.right?.number : undefined}
        >
          <DiffText
            text={row.left.text}
            segments={row.left.segments}
            side="old"
            mark={row.kind !== "unchanged"}
          />
        </StackedLine>
      )}
      {showNew && row.right && (
        <StackedLine sign="+" newNumber={row.right.number}>
          <DiffText text={row.right.text} segments={row.right.segments} side="new" mark />
        </StackedLine>
      )}
    </div>
  );
}

const stackedTone = { " ": "", "-": "bg-red-500/15", "+": "bg-green-500/15" } as const;

function StackedLine({
  sign,
  oldNumber,
  newNumber,
  children,
}: {
  sign: " " | "-" | "+";
  oldNumber?: number | undefined;
  newNumber?: number | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("document-parts");
  return (
    <div className={cn("flex", stackedTone[sign])}>
      <span className="w-8 shrink-0 pr-1 text-right text-muted-foreground select-none">
        {oldNumber ?? ""}
      </span>
      <span className="w-8 shrink-0 pr-1 text-right text-muted-foreground select-none">
        {newNumber ?? ""}
      </span>
      <span className="w-4 shrink-0 text-center select-none" aria-hidden="true">
        {sign}
      </span>
      <span className="sr-only">
        {sign === "+" ? t("diff.addedLine") : sign === "-" ? t("diff.removedLine") : ""}
      </span>
      <span className="min-w-0 flex-1 pr-2 break-words whitespace-pre-wrap">{children}</span>
    </div>
  );
}
