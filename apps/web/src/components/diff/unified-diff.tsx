import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UnifiedLine } from "@/lib/api/version-diff";
import { cn } from "@/lib/utils";
import { foldUnified } from "./fold-unified";
import { DiffText } from "./diff-text";
import { formatCount } from "@/lib/format";
import "@/components/document-parts-locale";

const lineClass: Record<UnifiedLine["kind"], string> = {
  " ": "",
  "-": "bg-red-500/15",
  "+": "bg-green-500/15",
};

/** The unified view with + and - marks (seed §2); long unchanged stretches fold open on click. */
export function UnifiedDiff({ lines, label }: { lines: readonly UnifiedLine[]; label: string }) {
  const { t } = useTranslation("document-parts");
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const items = foldUnified(lines, 3, expanded);
  return (
    <div
      className="overflow-auto rounded-md border"
      tabIndex={0}
      role="region"
      aria-label={t("diff.unified", { label })}
      data-testid="diff-unified"
    >
      <div className="font-mono text-xs leading-5 sm:min-w-[28rem]">
        {items.map((item) =>
          item.type === "fold" ? (
            <button
              key={`fold-${item.start}`}
              type="button"
              className="block w-full bg-muted px-2 py-0.5 text-left font-sans text-muted-foreground hover:text-foreground"
              onClick={() => setExpanded(new Set([...expanded, item.start]))}
            >
              {t("diff.showUnchangedLines", { n: formatCount(item.count) })}
            </button>
          ) : (
            <div
              key={item.index}
              className={cn("flex", lineClass[item.line.kind])}
              data-testid={item.line.kind === " " ? undefined : "diff-unified-change"}
            >
              <span className="w-10 shrink-0 pr-1 text-right text-muted-foreground select-none">
                {item.line.oldNumber ?? ""}
              </span>
              <span className="w-10 shrink-0 pr-1 text-right text-muted-foreground select-none">
                {item.line.newNumber ?? ""}
              </span>
              <span className="w-5 shrink-0 text-center select-none" aria-hidden="true">
                {item.line.kind}
              </span>
              <span className="sr-only">
                {item.line.kind === "+"
                  ? t("diff.addedLine")
                  : item.line.kind === "-"
                    ? t("diff.removedLine")
                    : ""}
              </span>
              <span className="min-w-0 flex-1 pr-2 break-words whitespace-pre-wrap">
                <DiffText
                  text={item.line.text}
                  segments={item.line.segments}
                  side={item.line.kind === "-" ? "old" : "new"}
                />
              </span>
            </div>
          ),
        )}
      </div>
    </div>
  );
}
