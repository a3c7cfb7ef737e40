import activity from "@/locales/en/activity.json";
import { addEnglish } from "@/lib/i18n";
import { hasServerText, translateServerText } from "@/lib/server-texts";

// The activity names' English, in whichever chunk first shows an activity entry.
addEnglish("activity", activity);

/**
 * An activity action's catalogue key: its words in camelCase ("Read notification" →
 * "readNotification", "Escalated: overdue" → "escalatedOverdue", "Created API token" →
 * "createdApiToken"). Stable as long as the action's name is.
 */
export function activitySlug(action: string): string {
  return action
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      return i === 0 ? lower : `${lower.charAt(0).toUpperCase()}${lower.slice(1)}`;
    })
    .join("");
}

/**
 * What an activity entry's action (contracts' `activityActions`, as the server records it) is
 * called in the interface's language; the recorded English name when the catalogue has none.
 */
export function activityLabel(action: string): string {
  const key = `activity:${activitySlug(action)}`;
  return hasServerText(key) ? translateServerText(key) : action;
}
