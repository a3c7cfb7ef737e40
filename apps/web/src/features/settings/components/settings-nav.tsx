import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  SlidersHorizontal,
  ClipboardCheck,
  FolderInput,
  Globe,
  ScrollText,
  KeyRound,
  Lock,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { SettingsSection, SettingsSectionId } from "@/config/settings-sections";
import { sectionLabel } from "@/lib/settings-section-text";
import { cn } from "@/lib/utils";

const icons: Record<SettingsSectionId, LucideIcon> = {
  general: SlidersHorizontal,
  account: KeyRound,
  users: Users,
  "category-access": Lock,
  "document-control": ClipboardCheck,
  ingestion: FolderInput,
  audit: ScrollText,
  "public-contact": Globe,
};

/**
 * The sections of Settings: a list beside the content on a wide screen, wrapped rows of compact
 * links above it on a narrow one (every section one tap away, nothing scrolls sideways). The
 * current section is marked with aria-current, so the mark is announced as well as drawn.
 */
export function SettingsNav({
  sections,
  current,
}: {
  sections: readonly SettingsSection[];
  current: SettingsSectionId | undefined;
}) {
  const { t } = useTranslation("settings");
  return (
    <nav aria-label={t("nav")} data-testid="settings-nav" className="lg:sticky lg:top-20 lg:self-start">
      <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-1">
        {sections.map((section) => {
          const Icon = icons[section.id];
          const active = section.id === current;
          return (
            <li key={section.id}>
              <Link
                href={section.href}
                aria-current={active ? "page" : undefined}
                data-testid={`settings-nav-${section.id}`}
                // A section opens at its top, as a page does, even from far down a long one.
                onClick={() => window.scrollY > 0 && window.scrollTo({ top: 0 })}
                className={cn(
                  "flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm whitespace-nowrap transition-colors",
                  "hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none",
                  "lg:border-transparent lg:px-3 lg:py-2",
                  active
                    ? "border-primary bg-primary/10 font-medium text-foreground lg:border-transparent"
                    : "text-muted-foreground",
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {sectionLabel(section.id)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
