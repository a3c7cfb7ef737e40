import { useTranslation } from "react-i18next";
import { Star } from "lucide-react";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { relevancePercent, relevanceStars } from "../lib/relevance";
import { formatPercent } from "@/lib/format";
import "../locale";

/** Seed §9: score × 5 rounded, as stars out of 5; the tooltip gives the percent. */
export function RelevanceStars({ score }: { score: number }) {
  const { t } = useTranslation("search");
  const stars = relevanceStars(score);
  const percent = formatPercent(relevancePercent(score));
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="img"
          tabIndex={0}
          aria-label={t("result.relevance", { stars, percent })}
          className="inline-flex items-center gap-0.5 rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          data-testid="relevance-stars"
          data-stars={stars}
        >
          {Array.from({ length: 5 }, (_, i) => (
            <Star
              key={i}
              aria-hidden="true"
              className={cn(
                "size-4",
                i < stars ? "fill-yellow-400 text-yellow-500" : "text-muted-foreground/50",
              )}
            />
          ))}
        </span>
      </TooltipTrigger>
      <TooltipContent>{t("result.relevant", { percent })}</TooltipContent>
    </Tooltip>
  );
}
