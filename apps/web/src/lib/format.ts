import { i18n } from "./i18n";

/**
 * Dates and numbers in the interface's language, through Intl. The locale is the language itself,
 * or the browser's own variant of it where it has one (an English interface on an en-GB browser
 * writes 24 Nov 2026). One formatter of each kind per locale, built when first used:
 * toLocaleDateString/toLocaleString build a new Intl formatter on every call, which a list of cards
 * pays once per card, and building one is slow enough that a page builds only those it shows.
 */
const formatterKinds = {
  // These two are the app's only date styles.
  mediumDate: (locale: string) =>
    new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" }),
  dateTime: (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
  // Calendar days grouped in UTC (charts) are named in UTC too, or a reader west of Greenwich
  // would see each bar labelled with the day before. The same medium style, with and without the year.
  utcDay: (locale: string) =>
    new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }),
  utcDayShort: (locale: string) =>
    new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }),
  count: (locale: string) => new Intl.NumberFormat(locale),
  oneDecimal: (locale: string) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }),
  percent: (locale: string) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }),
};
type FormatterKind = keyof typeof formatterKinds;
type Formatter<K extends FormatterKind> = ReturnType<(typeof formatterKinds)[K]>;
const byLocale = new Map<string, Map<FormatterKind, Intl.DateTimeFormat | Intl.NumberFormat>>();

/** The BCP 47 locale dates and numbers are written in for `language`. */
export function formatLocale(
  language: string = i18n.resolvedLanguage ?? i18n.language ?? "en",
  preferred: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages,
): string {
  const variant = preferred.find((tag) => tag.split("-")[0]?.toLowerCase() === language);
  return variant ?? language;
}

function formatter<K extends FormatterKind>(kind: K): Formatter<K> {
  const locale = formatLocale();
  let set = byLocale.get(locale);
  if (!set) {
    set = new Map();
    byLocale.set(locale, set);
  }
  let built = set.get(kind);
  if (!built) {
    built = formatterKinds[kind](locale);
    set.set(kind, built);
  }
  return built as Formatter<K>;
}

/**
 * Builds the formatters a first page shows (counts and dates) ahead of its render: the first
 * formatter of a locale loads that locale's data, which would otherwise lengthen the render.
 */
export function prepareFormatters(): void {
  formatter("count");
  formatter("mediumDate");
  formatter("dateTime");
}

/** Two-letter initials for the avatar: "john.doe" → "JD", "reviewer2" → "RE". */
export function initials(username: string): string {
  const parts = username.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const first = parts[0] ?? "";
  const second = parts[1];
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return (letters || "?").toUpperCase();
}

/** Short relative time for lists: "just now", "5 min ago", "3 h ago", "2 d ago", then the date. */
export function shortRelativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  if (seconds < 60) return i18n.t("common:time.justNow");
  if (seconds < 3600) return i18n.t("common:time.minutesAgo", { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return i18n.t("common:time.hoursAgo", { count: Math.floor(seconds / 3600) });
  if (seconds < 7 * 86_400) return i18n.t("common:time.daysAgo", { count: Math.floor(seconds / 86_400) });
  // Older than a week: the one date style of the app, not the locale's numeric default.
  return formatter("mediumDate").format(then);
}

/** "Nov 24, 2026" in the interface's locale, or "" for a value that is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatter("mediumDate").format(date);
}

/** Date and time in the interface's locale, or "" for a value that is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : formatter("dateTime").format(date);
}

/** The UTC calendar day of a timestamp ("2026-11-03"): a key to group by, never shown as it is. */
export function utcDayKey(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** A `utcDayKey` in the app's date style: "Nov 3, 2026", or "Nov 3" for a chart axis. */
export function formatDayKey(day: string, { year = true }: { year?: boolean } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "";
  return formatter(year ? "utcDay" : "utcDayShort").format(date);
}

/** A count with the interface locale's digit grouping: 12,345 (English), 12.345 (German). */
export function formatCount(n: number): string {
  return formatter("count").format(n);
}

/** A whole percentage as the locale writes it: 67% (English), 67 % (German and French). */
export function formatPercent(percent: number): string {
  return formatter("percent").format(percent / 100);
}

/** Human size: 512 B, 1.5 KB, 3.2 MB, 1.1 GB. */
export function formatBytes(bytes: number): string {
  const oneDecimal = formatter("oneDecimal");
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal.format(bytes / (1024 * 1024 * 1024))} GB`;
}

/** A calendar day ("2026-03-01", as the server sends due and review dates) named as that day everywhere. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? "" : formatter("utcDay").format(date);
}

/** A date that is a calendar day ("2026-03-01") named as formatDay names it; a date quoted from a text, as written. */
export function formatDayOrQuoted(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value;
}
