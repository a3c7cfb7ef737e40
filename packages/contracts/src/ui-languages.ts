// Without zod, and exported alone as `@quire/contracts/ui-languages`: the web app picks its
// language before its first paint, long before the contracts load (apps/web/src/lib/lazy-schema.ts).

/** The languages the web app's interface is written in: English (the default), German, French. */
export const uiLanguages = ["en", "de", "fr"] as const;
export type UiLanguage = (typeof uiLanguages)[number];

/** Whether a stored or sent value names one of them. */
export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === "string" && (uiLanguages as readonly string[]).includes(value);
}
