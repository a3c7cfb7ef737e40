/**
 * The id of a diff row, so a key change can link to it: rows with a line in the new version are
 * named by that line, rows only in the old version (removed lines) by the old line.
 */
export function diffRowId(
  newLine: number | null | undefined,
  oldLine: number | null | undefined,
): string | null {
  if (newLine) return `diff-new-${newLine}`;
  if (oldLine) return `diff-old-${oldLine}`;
  return null;
}
