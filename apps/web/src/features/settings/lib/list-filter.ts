import { i18n } from "@/lib/i18n";
import "../locale";

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

/**
 * What Settings › Users' filter searches: the name, the role, and "disabled" for such an account,
 * in English and in the interface's language (a German Admin types "Prüfer" or "deaktiviert").
 */
export function userFilterText(user: { username: string; role: string; disabled?: boolean }): string {
  const role = i18n.t(`common:roles.${user.role}`, { defaultValue: user.role });
  const disabled = user.disabled ? ` disabled ${i18n.t("settings:users.disabled")}` : "";
  return `${user.username} ${user.role} ${role}${disabled}`;
}
