import { confidenceLevel } from "@quire/contracts";
import type { BadgeVariant } from "@/components/ui/badge";
import { i18n } from "@/lib/i18n";
import "@/components/locale";

/** The confidence badge by level (contracts' confidenceLevel): high default, medium secondary, low outline. */
export function confidenceBadgeVariant(confidence: number): BadgeVariant {
  const level = confidenceLevel(confidence);
  if (level === "high") return "default";
  return level === "medium" ? "secondary" : "outline";
}

/** "High confidence", "Medium confidence", "Low confidence", in the interface's language. */
export function confidenceText(confidence: number): string {
  return i18n.t(`shared:confidence.${confidenceLevel(confidence)}`);
}
