// One formatter each: toLocaleDateString/toLocaleString build a new Intl formatter on every call,
// which a list of cards pays once per card. These two are the app's only date styles.
const mediumDate = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
// Calendar days grouped in UTC (charts) are named in UTC too, or a reader west of Greenwich would
// see each bar labelled with the day before. The same medium style, with and without the year.
const utcDay = new Intl.DateTimeFormat(undefined, {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const utcDayShort = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
const count = new Intl.NumberFormat();

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
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  // Older than a week: the one date style of the app, not the locale's numeric default.
  return mediumDate.format(then);
}

/** "Nov 24, 2026" in the reader's locale, or "" for a value that is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : mediumDate.format(date);
}

/** Date and time in the reader's locale, or "" for a value that is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTime.format(date);
}

/** The UTC calendar day of a timestamp ("2026-11-03"): a key to group by, never shown as it is. */
export function utcDayKey(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** A `utcDayKey` in the app's date style: "Nov 3, 2026", or "Nov 3" for a chart axis. */
export function formatDayKey(day: string, { year = true }: { year?: boolean } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return "";
  return (year ? utcDay : utcDayShort).format(date);
}

/** A count with the reader's digit grouping: 12,345. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** Human size: 512 B, 1.5 KB, 3.2 MB, 1.1 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** A calendar day ("2026-03-01", as the server sends due and review dates) named as that day everywhere. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? "" : utcDay.format(date);
}
