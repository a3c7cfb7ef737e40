import { useTranslation } from "react-i18next";
import { activityLabel } from "@/lib/activity-label";

/**
 * An activity entry's action in the interface's language ("Read notification" → "Benachrichtigung
 * gelesen"), in a span of its own, written again when the language changes; the recorded English
 * when no catalogue has it.
 */
export function ActivityLabel({ action, className }: { action: string; className?: string }) {
  useTranslation("activity");
  return <span className={className}>{activityLabel(action)}</span>;
}
