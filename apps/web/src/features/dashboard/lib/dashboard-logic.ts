import { i18n } from "@/lib/i18n";
import "../locale";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Seed §9 relative time for recent updates. */
export function relativeUpdateTime(iso: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(elapsed) || elapsed < HOUR_MS) return i18n.t("dashboard:recent.lessThanHour");
  if (elapsed < DAY_MS) return i18n.t("dashboard:recent.hoursAgo", { count: Math.floor(elapsed / HOUR_MS) });
  return i18n.t("dashboard:recent.daysAgo", { count: Math.floor(elapsed / DAY_MS) });
}

export { confidenceBadgeVariant } from "@/lib/confidence";

/** Seed §9: scale used when no category has documents. */
export const DEFAULT_PROGRESS_SCALE = 30;

/** Progress bar width: count over the largest count (default scale 30), capped at 100%. */
export function progressPercent(count: number, largest: number): number {
  const scale = largest > 0 ? largest : DEFAULT_PROGRESS_SCALE;
  return Math.min(100, Math.max(0, Math.round((count / scale) * 100)));
}

const tileColors: Record<string, { bar: string; icon: string }> = {
  blue: { bar: "bg-blue-500", icon: "bg-blue-500/15 text-blue-600 dark:text-blue-400" },
  green: { bar: "bg-green-500", icon: "bg-green-500/15 text-green-600 dark:text-green-400" },
  purple: { bar: "bg-purple-500", icon: "bg-purple-500/15 text-purple-600 dark:text-purple-400" },
  orange: { bar: "bg-orange-500", icon: "bg-orange-500/15 text-orange-600 dark:text-orange-400" },
  red: { bar: "bg-red-500", icon: "bg-red-500/15 text-red-600 dark:text-red-400" },
  gray: { bar: "bg-gray-500", icon: "bg-gray-500/15 text-gray-600 dark:text-gray-400" },
};

/** Seed §2 tile colours; an unknown colour falls back to gray. */
export function tileColor(color: string): { bar: string; icon: string } {
  return tileColors[color] ?? (tileColors.gray as { bar: string; icon: string });
}

/** Seed §2 tile test id: `tile-{name lowercased}`. */
export function tileTestId(name: string): string {
  return `tile-${name.toLowerCase()}`;
}

/** How many of the timestamps fall within the last seven days. */
export function countWithinWeek(timestamps: readonly string[], now: Date = new Date()): number {
  const since = now.getTime() - 7 * DAY_MS;
  return timestamps.filter((iso) => {
    const time = new Date(iso).getTime();
    return time >= since && time <= now.getTime() + 60_000;
  }).length;
}

/** Seed §2 quick questions. */
export { QUICK_QUESTIONS } from "@quire/contracts";
