import type { SideBySideRow } from "@/lib/api/version-diff";
import { cn } from "@/lib/utils";
import { DiffText } from "./diff-text";

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

/**
 * Old version on the left, new on the right, with each side's own line numbers (seed §2):
 * changed or removed lines red and struck through on the left, added or changed lines green on
 * the right, changed words highlighted inside them.
 */
export function SideBySideDiff({
  rows,
  fromLabel,
  toLabel,
  className,
}: {
  rows: readonly SideBySideRow[];
  fromLabel: string;
  toLabel: string;
  className?: string;
}) {
  return (
    <div
      className={cn("overflow-auto rounded-md border", className)}
      tabIndex={0}
      role="region"
      aria-label={`Side-by-side comparison of ${fromLabel} and ${toLabel}`}
      data-testid="diff-side-by-side"
    >
      <table className="w-full min-w-[36rem] table-fixed border-collapse font-mono text-xs leading-5">
        <caption className="sr-only">
          Lines of {fromLabel} on the left and {toLabel} on the right
        </caption>
        <colgroup>
          <col className="w-12" />
          <col />
          <col className="w-12" />
          <col />
        </colgroup>
        <thead className="sticky top-0 z-10 bg-muted text-left font-sans text-xs">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              <span className="sr-only">Line in {fromLabel}</span>#
            </th>
            <th scope="col" className="border-r px-2 py-1.5 font-medium">
              {fromLabel}
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              <span className="sr-only">Line in {toLabel}</span>#
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              {toLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} data-kind={row.kind} data-testid={`diff-row-${row.kind}`} className="align-top">
              <td className={cn("px-2 text-right text-muted-foreground select-none", leftCell[row.kind])}>
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
