import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { useIsMobile } from "@/hooks/use-mobile";
import { cn } from "@/lib/utils";
import "../locale";

/**
 * All Documents' further filters and saved views, folded behind one button on a phone: open,
 * they fill a 390 × 844 screen, and the first document started below the fold. They start open
 * when one of them is in force, so a filtered list never hides why it is filtered; on wider
 * screens they are always shown.
 */
export function PhoneFilters({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation("documents");
  const isMobile = useIsMobile();
  const [open, setOpen] = useState<boolean | null>(null);
  if (!isMobile) return <>{children}</>;
  const shown = open ?? active > 0;
  return (
    <Collapsible open={shown} onOpenChange={setOpen}>
      <CollapsibleTrigger asChild>
        <Button variant="outline" size="sm" data-testid="button-toggle-filters">
          <SlidersHorizontal aria-hidden="true" />
          {shown ? t("filters.hide") : t("filters.more")}
          {active > 0 && ` (${active})`}
          <ChevronDown
            className={cn("size-4 transition-transform", shown && "rotate-180")}
            aria-hidden="true"
          />
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="space-y-6 pt-3">{children}</CollapsibleContent>
    </Collapsible>
  );
}
