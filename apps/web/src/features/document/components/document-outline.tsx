import { ListTree } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { OutlineEntry } from "../lib/anchors";
import "../locale";

/** A document gets an outline once it is long enough to need one. */
export function wantsOutline(content: string, outline: readonly OutlineEntry[]): boolean {
  return outline.length >= 3 && content.length >= 2500;
}

function OutlineList({ entries }: { entries: readonly OutlineEntry[] }) {
  const top = Math.min(...entries.map((e) => e.level));
  return (
    <ol className="grid gap-0.5 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} style={{ paddingLeft: `${Math.min(entry.level - top, 3) * 0.75}rem` }}>
          <a
            href={`#${entry.id}`}
            className={cn(
              "block rounded px-2 py-1 break-words text-muted-foreground hover:bg-muted hover:text-foreground",
              entry.level === top && "font-medium text-foreground",
            )}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The outline beside the text on wide screens: it stays in view, below the top bar, while the text scrolls. */
export function OutlineSidebar({ entries }: { entries: readonly OutlineEntry[] }) {
  const { t } = useTranslation("document");
  return (
    <nav
      aria-label={t("outline.label")}
      className="sticky top-18 hidden max-h-[calc(100vh-7.5rem)] overflow-y-auto rounded-xl border p-3 lg:block"
      data-testid="document-outline"
    >
      <p className="mb-2 flex items-center gap-2 px-2 text-sm font-semibold">
        <ListTree className="size-4" aria-hidden="true" />
        {t("outline.onThisPage")}
      </p>
      <OutlineList entries={entries} />
    </nav>
  );
}

/** The outline on narrower screens: folded above the text until opened. */
export function OutlineDisclosure({ entries }: { entries: readonly OutlineEntry[] }) {
  const { t } = useTranslation("document");
  return (
    <details className="mb-4 rounded-md border lg:hidden" data-testid="document-outline-compact">
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
        <ListTree className="size-4" aria-hidden="true" />
        {t("outline.contents", { count: entries.length, n: formatCount(entries.length) })}
      </summary>
      <nav aria-label={t("outline.contentsLabel")} className="border-t p-2">
        <OutlineList entries={entries} />
      </nav>
    </details>
  );
}
