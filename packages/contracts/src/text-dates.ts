/**
 * A calendar day ("2026-12-13") as Quire writes it into text it stores (notifications, activity
 * comments): "Dec 13, 2026", the app's medium date style in English. Stored text cannot follow each
 * reader's locale, and a numeric or ISO date reads differently across countries.
 */
const textDay = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

export function formatTextDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : textDay.format(date);
}

/** A value that is an ISO day or moment ("2026-12-13", "2026-12-13T09:00:00.000Z"). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
