import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { HelpCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * The floating help-tour button (seed §2 Home and Dashboard). It must never cover content: on
 * wide screens it floats in a right-hand gutter the page reserves with `helpGutterClass`; on
 * phones, where a gutter would cost too much width, it sits at the end of the page instead.
 */
export function HelpTourButton() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end md:contents">
      <Button
        asChild
        size="icon"
        className="z-40 size-12 rounded-full shadow-lg md:fixed md:right-6 md:bottom-12"
        data-testid="button-help-tour"
      >
        <Link href={paths.home.getHref(true)} aria-label={t("takeGuidedTour")}>
          <HelpCircle className="size-6" aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

/** Right padding that keeps page content clear of the floating button (24 px + 48 px + a margin). */
export const helpGutterClass = "md:pr-14";
