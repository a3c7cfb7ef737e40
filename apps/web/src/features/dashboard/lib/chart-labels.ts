/** Longest axis label, in characters, that still fits a rotated tick on a 390 px phone. */
export const MAX_LABEL_CHARS = 12;

/** "Human Resources" → "Human Resou…": whole when short, else cut with an ellipsis (tooltips keep the full name). */
export function abbreviateLabel(label: string, max = MAX_LABEL_CHARS): string {
  const chars = Array.from(label.trim());
  if (chars.length <= max) return chars.join("");
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
