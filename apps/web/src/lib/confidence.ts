import { confidenceLevel } from "@quire/contracts";
import type { BadgeVariant } from "@/components/ui/badge";

/** The confidence badge by level (contracts' confidenceLevel): high default, medium secondary, low outline. */
export function confidenceBadgeVariant(confidence: number): BadgeVariant {
  const level = confidenceLevel(confidence);
  if (level === "high") return "default";
  return level === "medium" ? "secondary" : "outline";
}
