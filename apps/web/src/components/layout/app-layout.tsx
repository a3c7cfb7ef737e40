import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useIsMobile } from "@/hooks/use-mobile";
import { useLiveEvents } from "@/lib/use-live-events";
import { useLanguageSync } from "@/lib/api/language";
import { AppSidebar } from "./app-sidebar";
import { TopBar } from "./top-bar";

/** Sidebar, top bar, main area and the fixed footer line (seed §2 "Shared layout"). */
/** `overlay` (the guided tour) comes from the app, so shared layout code imports no feature. */
export function AppLayout({ children, overlay }: { children: ReactNode; overlay?: ReactNode }) {
  const { t } = useTranslation("shell");
  const isMobile = useIsMobile();
  useLiveEvents();
  useLanguageSync();
  const [location] = useLocation();
  const search = useSearch();
  const here = `${location}?${search}`;
  // The drawer remembers the page it was opened on, so any navigation closes it without an effect.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = isMobile && drawerOpenedAt === here;
  const closeDrawer = () => setDrawerOpenedAt(null);

  return (
    <div className="min-h-screen pb-8">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <div className="flex">
        {!isMobile && (
          <aside
            aria-label={t("sidebar")}
            className="sticky top-0 h-[calc(100vh-2rem)] w-64 shrink-0 border-r"
          >
            <AppSidebar />
          </aside>
        )}
        {isMobile && (
          <Sheet open={drawerOpen} onOpenChange={(open) => (open ? setDrawerOpenedAt(here) : closeDrawer())}>
            <SheetContent
              side="left"
              closeLabel={t("closeNavigation")}
              aria-describedby="drawer-description"
              onOpenAutoFocus={focusFirstNavLink}
            >
              <SheetTitle className="sr-only">{t("navigation")}</SheetTitle>
              <SheetDescription id="drawer-description" className="sr-only">
                {t("navigationDescription")}
              </SheetDescription>
              <AppSidebar onNavigate={closeDrawer} />
            </SheetContent>
          </Sheet>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar showMenuButton={isMobile} onOpenMenu={() => setDrawerOpenedAt(here)} />
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
            {children}
          </main>
        </div>
      </div>
      {overlay}
      <footer className="fixed inset-x-0 bottom-0 z-20 flex h-8 items-center justify-center border-t bg-background text-xs text-muted-foreground">
        {t("footer", { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}

/**
 * Radix focuses the first tabbable element that is not a link, which in the drawer is Take Tour
 * near the bottom; a phone user opened the drawer to navigate, so start them on the first page link.
 */
function focusFirstNavLink(event: Event) {
  const drawer = event.currentTarget;
  if (!(drawer instanceof HTMLElement)) return;
  const first = drawer.querySelector<HTMLElement>('nav[aria-label="Main"] a[href]');
  if (!first) return;
  event.preventDefault();
  first.focus();
}
