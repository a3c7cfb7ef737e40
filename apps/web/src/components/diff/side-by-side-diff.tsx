import { ChevronDown, ChevronUp } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useIsMobile } from "@/hooks/use-mobile";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { cn } from "@/lib/utils";
import { foldRuns, type FoldItem } from "./fold-unified";
import { SplitTable, StackedColumn } from "./side-by-side-layout";
import { SplitRow, StackedRow } from "./split-rows";
import { useChangeNavigation } from "./use-change-navigation";
import { formatCount } from "@/lib/format";
import "@/components/document-parts-locale";

/** Unchanged lines kept either side of a change; longer unchanged runs fold. */
const CONTEXT_LINES = 3;

function FoldButton({ count, onOpen, colSpan }: { count: number; onOpen: () => void; colSpan?: number }) {
  const { t } = useTranslation("document-parts");
  const button = (
    <button
      type="button"
      className="block w-full bg-muted px-2 py-1 text-left font-sans text-muted-foreground hover:text-foreground"
      onClick={onOpen}
      data-testid="button-show-unchanged"
    >
      {t("diff.showUnchanged", { count, n: formatCount(count) })}
    </button>
  );
  if (colSpan === undefined) return button;
  return (
    <tr>
      <td colSpan={colSpan} className="p-0">
        {button}
      </td>
    </tr>
  );
}

function ChangeNavigator({
  hunks,
  current,
  onGo,
}: {
  hunks: number;
  current: number | null;
  onGo: (hunk: number) => void;
}) {
  const { t } = useTranslation("document-parts");
  if (hunks === 0) return <p className="text-sm text-muted-foreground">{t("diff.noChanges")}</p>;
  return (
    // Sticky below the top bar (two rows on a phone), so Next stays at hand while the page scrolls.
    <div
      className="sticky top-[4.75rem] z-20 -my-1 flex flex-wrap items-center gap-2 bg-background/95 py-1 backdrop-blur sm:top-14"
      data-testid="diff-change-navigator"
    >
      <span className="text-sm text-muted-foreground" aria-live="polite" data-testid="text-change-position">
        {current === null
          ? t("diff.changes", { count: hunks, n: formatCount(hunks) })
          : t("diff.position", { n: formatCount(current + 1), of: formatCount(hunks) })}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => onGo(current === null ? hunks - 1 : Math.max(0, current - 1))}
        disabled={current === 0}
        data-testid="button-previous-change"
      >
        <ChevronUp aria-hidden="true" />
        {t("diff.previous")}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => onGo(current === null ? 0 : Math.min(hunks - 1, current + 1))}
        disabled={current === hunks - 1}
        data-testid="button-next-change"
      >
        <ChevronDown aria-hidden="true" />
        {t("diff.next")}
      </Button>
    </div>
  );
}

/**
 * Old version on the left, new on the right, with each side's own line numbers (seed §2):
 * changed or removed lines red and struck through on the left, added or changed lines green on
 * the right, changed words highlighted inside them. Unchanged runs fold to three lines of context
 * ("Show N unchanged lines"), Previous / Next change step through the runs of changes, and below
 * 768 px the same rows stack in one column (old line above new) instead of a clipped table. Each
 * changed row carries the id `change-N` in both layouts.
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
  const { t } = useTranslation("document-parts");
  const stacked = useIsMobile();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const { region, changes, current, go, isCurrent } = useChangeNavigation(rows);
  const items = foldRuns(rows, (row) => row.kind === "unchanged", CONTEXT_LINES, expanded);
  const open = (start: number) => setExpanded(new Set([...expanded, start]));

  const renderItem = (item: FoldItem<SideBySideRow>) => {
    if (item.type === "fold") {
      return (
        <FoldButton
          key={`fold-${item.start}`}
          count={item.count}
          onOpen={() => open(item.start)}
          {...(stacked ? {} : { colSpan: 4 })}
        />
      );
    }
    const change = changes.numberOfRow[item.index] ?? null;
    const Row = stacked ? StackedRow : SplitRow;
    return <Row key={item.index} row={item.line} change={change} current={isCurrent(change)} />;
  };

  const Layout = stacked ? StackedColumn : SplitTable;
  return (
    <div className="grid gap-2">
      <ChangeNavigator hunks={changes.hunkStarts.length} current={current} onGo={go} />
      <div
        ref={region}
        className={cn("overflow-auto rounded-md border", className)}
        tabIndex={0}
        role="region"
        aria-label={t(stacked ? "diff.comparison" : "diff.sideBySide", { from: fromLabel, to: toLabel })}
        data-layout={stacked ? "stacked" : "split"}
        data-testid="diff-side-by-side"
      >
        <Layout fromLabel={fromLabel} toLabel={toLabel}>
          {items.map(renderItem)}
        </Layout>
      </div>
    </div>
  );
}
