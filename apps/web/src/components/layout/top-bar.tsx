import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { ChevronRight, Globe, Menu, Search, Upload } from "lucide-react";
import { Can } from "@/components/can";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { paletteKeyLabel, useCommandPalette } from "@/lib/command-palette";
import { NotificationsMenu } from "./notifications-menu";
import { breadcrumbTrail } from "./navigation";
import { RoleSelector } from "./role-selector";
import { ThemeToggle } from "./theme-toggle";

export function TopBar({ onOpenMenu, showMenuButton }: { onOpenMenu: () => void; showMenuButton: boolean }) {
  const { t } = useTranslation("shell");
  const [location] = useLocation();
  return (
    // On narrow screens the breadcrumb takes a second row so the actions keep their size.
    <header className="sticky top-0 z-30 flex min-h-14 flex-wrap items-center gap-x-2 gap-y-1 border-b bg-background/95 px-3 py-2 backdrop-blur sm:flex-nowrap sm:px-4">
      {showMenuButton && (
        <Button
          variant="ghost"
          size="icon"
          onClick={onOpenMenu}
          aria-label={t("openNavigation")}
          aria-haspopup="dialog"
          data-testid="button-menu"
        >
          <Menu aria-hidden="true" />
        </Button>
      )}
      {/* On narrow screens the breadcrumb and the palette's button take a second row. */}
      <div className="order-last flex w-full min-w-0 items-center gap-2 sm:order-none sm:w-auto sm:flex-1">
        <nav aria-label={t("breadcrumb")} className="min-w-0 flex-1">
          <ol className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <li className="shrink-0">
              <Link
                href={paths.home.getHref()}
                className="rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                {t("nav.home")}
              </Link>
            </li>
            {breadcrumbTrail(location).map((crumb) => (
              <Fragment key={crumb.label}>
                <li aria-hidden="true">
                  <ChevronRight className="size-4" />
                </li>
                {crumb.href ? (
                  <li className="shrink-0">
                    <Link
                      href={crumb.href}
                      className="rounded-sm hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                      data-testid="link-breadcrumb-parent"
                    >
                      {crumb.label}
                    </Link>
                  </li>
                ) : (
                  <li
                    className="truncate font-medium text-foreground"
                    aria-current="page"
                    data-testid="text-page-title"
                  >
                    {crumb.label}
                  </li>
                )}
              </Fragment>
            ))}
          </ol>
        </nav>
        <PaletteButton />
      </div>
      <TopBarActions />
    </header>
  );
}

/**
 * Opens the command palette: the way in on a phone, which has no keyboard for Ctrl/⌘-K, and a
 * reminder of the shortcut on a wide screen.
 */
function PaletteButton() {
  const { t } = useTranslation("shell");
  const palette = useCommandPalette();
  if (!palette) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="px-2 sm:px-3"
      onClick={palette.openPalette}
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      title={t("quickFindTitle", { shortcut: paletteKeyLabel() })}
      data-testid="button-command-palette"
    >
      <Search aria-hidden="true" />
      <span className="sr-only lg:not-sr-only">{t("quickFind")}</span>
      <kbd
        aria-hidden="true"
        className="hidden rounded border bg-muted px-1.5 font-sans text-xs text-muted-foreground xl:inline"
      >
        {paletteKeyLabel()}
      </kbd>
    </Button>
  );
}

function TopBarActions() {
  const { t } = useTranslation("shell");
  return (
    <div className="ml-auto flex items-center gap-1 sm:gap-2">
      <Button variant="ghost" size="sm" asChild className="px-2 sm:px-3">
        <Link href={paths.landing.getHref()} data-testid="link-landing">
          <Globe aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t("landing")}</span>
        </Link>
      </Button>
      <Can ability="uploadDocuments">
        <Button size="sm" asChild className="px-2 sm:px-3">
          <Link href={paths.upload.getHref()} data-testid="button-upload">
            <Upload aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t("upload")}</span>
          </Link>
        </Button>
      </Can>
      <RoleSelector />
      <ThemeToggle />
      <NotificationsMenu />
    </div>
  );
}
