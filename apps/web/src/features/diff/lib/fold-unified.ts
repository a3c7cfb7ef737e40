import type { UnifiedLine } from "@/lib/api/version-diff";

export type UnifiedItem =
  { type: "line"; line: UnifiedLine; index: number } | { type: "fold"; start: number; count: number };

/**
 * The server lists the whole document in the unified diff; long unchanged stretches fold to
 * `context` lines either side of a change, like `diff -u`. `expanded` holds the start index of
 * folds the reader opened.
 */
export function foldUnified(
  lines: readonly UnifiedLine[],
  context = 3,
  expanded: ReadonlySet<number> = new Set(),
): UnifiedItem[] {
  const items: UnifiedItem[] = [];
  let index = 0;
  while (index < lines.length) {
    if (lines[index]?.kind !== " ") {
      items.push({ type: "line", line: lines[index] as UnifiedLine, index });
      index++;
      continue;
    }
    let end = index;
    while (end < lines.length && lines[end]?.kind === " ") end++;
    const keepBefore = index === 0 ? 0 : context;
    const keepAfter = end === lines.length ? 0 : context;
    const hidden = end - index - keepBefore - keepAfter;
    // Folding fewer than two lines saves nothing.
    if (hidden < 2 || expanded.has(index + keepBefore)) {
      for (let i = index; i < end; i++) items.push({ type: "line", line: lines[i] as UnifiedLine, index: i });
    } else {
      for (let i = index; i < index + keepBefore; i++) {
        items.push({ type: "line", line: lines[i] as UnifiedLine, index: i });
      }
      items.push({ type: "fold", start: index + keepBefore, count: hidden });
      for (let i = end - keepAfter; i < end; i++) {
        items.push({ type: "line", line: lines[i] as UnifiedLine, index: i });
      }
    }
    index = end;
  }
  return items;
}
