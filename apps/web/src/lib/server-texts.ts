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

/** Whether the interface's language (or its fallback, English) has this key (in this plural form or variant). */
export function hasServerText(key: string, options?: Record<string, unknown>): boolean {
  return i18n.exists(key, options);
}

export type MessageParams = Record<string, string | number>;

/**
 * A message's params ready to fill in: calendar days (params named `…On`, "2026-03-01") written
 * in the interface's language. Passed as `replace`, so a param's name can never be read as one of
 * i18next's own options; the values are text React escapes like any other. A `count` also
 * chooses the plural form.
 */
export function fillIn(params: MessageParams): { replace: MessageParams; count?: number } {
  const replace: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    replace[name] = typeof value === "string" && name.endsWith("On") ? formatDay(value) || value : value;
  }
  return typeof params.count === "number" ? { replace, count: params.count } : { replace };
}
