/**
 * Whether `text` holds every word of `query`, ignoring letter case; an empty query matches all.
 * Word by word, so "legal review" finds a group named Legal whose members include reviewer.
 */
export function matchesFilter(text: string, query: string): boolean {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = text.toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The items whose text (`textOf`) matches `query`, in their order. */
export function filterList<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  return items.filter((item) => matchesFilter(textOf(item), query));
}

/** What Settings › Users' filter searches: the name, the role, and "disabled" for such an account. */
export function userFilterText(user: { username: string; role: string; disabled?: boolean }): string {
  return `${user.username} ${user.role}${user.disabled ? " disabled" : ""}`;
}
