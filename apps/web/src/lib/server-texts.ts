import { i18n } from "@/lib/i18n";
import { formatDay } from "@/lib/format";

/**
 * Texts the server composes (activity entries, notifications, suggestions), written in the reader's
 * language from the facts it sends. i18next's typed `t` checks literal keys against the English
 * catalogue; these keys are built from the server's data instead, so the catalogue tests check that
 * every message the contracts name has its entry.
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translateServerText(key: string, options?: Record<string, unknown>): string {
  return (i18n.t as unknown as Translate).call(i18n, key, options);
}

/** Whether the interface's language (or its fallback, English) has this key. */
export function hasServerText(key: string): boolean {
  return i18n.exists(key);
}

export type MessageParams = Record<string, string | number>;

/**
 * A message's params ready to fill in: calendar days (params named `…On`, "2026-03-01") written
 * in the interface's language. Passed as `replace`, so a param's name can never be read as one of
 * i18next's own options; the values are text React escapes like any other.
 */
export function fillIn(params: MessageParams): { replace: MessageParams } {
  const replace: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    replace[name] = typeof value === "string" && name.endsWith("On") ? formatDay(value) || value : value;
  }
  return { replace };
}
