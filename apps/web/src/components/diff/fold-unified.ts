import type { UnifiedLine } from "@/lib/api/version-diff";

export type FoldItem<T> =
  { type: "line"; line: T; index: number } | { type: "fold"; start: number; count: number };
export type UnifiedItem = FoldItem<UnifiedLine>;

/**
 * Long unchanged stretches fold to `context` lines either side of a change, like `diff -u`;
 * `expanded` holds the start index of folds the reader opened. Works for any list of lines or
 * rows given how to tell an unchanged one.
 */
export function foldRuns<T>(
  lines: readonly T[],
  isUnchanged: (line: T) => boolean,
  context = 3,
  expanded: ReadonlySet<number> = new Set(),
): FoldItem<T>[] {
  const items: FoldItem<T>[] = [];
  const push = (from: number, to: number) => {
    for (let i = from; i < to; i++) items.push({ type: "line", line: lines[i] as T, index: i });
  };
  let index = 0;
  while (index < lines.length) {
    if (!isUnchanged(lines[index] as T)) {
      push(index, index + 1);
      index++;
      continue;
    }
    let end = index;
    while (end < lines.length && isUnchanged(lines[end] as T)) end++;
    const keepBefore = index === 0 ? 0 : context;
    const keepAfter = end === lines.length ? 0 : context;
    const hidden = end - index - keepBefore - keepAfter;
    // Folding fewer than two lines saves nothing.
    if (hidden < 2 || expanded.has(index + keepBefore)) {
      push(index, end);
    } else {
      push(index, index + keepBefore);
      items.push({ type: "fold", start: index + keepBefore, count: hidden });
      push(end - keepAfter, end);
    }
    index = end;
  }
  return items;
}

/** The server lists the whole document in the unified diff; unchanged stretches fold. */
export function foldUnified(
  lines: readonly UnifiedLine[],
  context = 3,
  expanded: ReadonlySet<number> = new Set(),
): UnifiedItem[] {
  return foldRuns(lines, (line) => line.kind === " ", context, expanded);
}
