import type { SideBySideRow } from "@/lib/api/version-diff";

/**
 * Stable anchors for changed rows: the n-th row that is not unchanged (1-based, in the order of
 * the server's side-by-side rows) has the element id `change-n` in every layout, so a link such
 * as `#change-3` lands on the same row on a desk and on a phone.
 */
export function changeAnchorId(n: number): string {
  return `change-${n}`;
}

export interface ChangeIndex {
  /** For each row, its change number, or null for an unchanged row. */
  numberOfRow: (number | null)[];
  /** Change number of the first row of each run of consecutive changed rows (a hunk). */
  hunkStarts: number[];
}

export function indexChanges(rows: readonly SideBySideRow[]): ChangeIndex {
  const numberOfRow: (number | null)[] = [];
  const hunkStarts: number[] = [];
  let count = 0;
  let previousChanged = false;
  for (const row of rows) {
    const changed = row.kind !== "unchanged";
    if (changed) {
      count++;
      if (!previousChanged) hunkStarts.push(count);
    }
    numberOfRow.push(changed ? count : null);
    previousChanged = changed;
  }
  return { numberOfRow, hunkStarts };
}
