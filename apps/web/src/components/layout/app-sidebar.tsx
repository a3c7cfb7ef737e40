import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { FileStack, LogOut, Settings, Sparkles } from "lucide-react";
import type { SessionUser } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { paths } from "@/config/paths";
import { useCategoryStats } from "@/lib/api/category-stats";
import { errorMessage } from "@/lib/api-client";
import { useLogout, useUser } from "@/lib/auth";
import { initials } from "@/lib/format";
import { cn } from "@/lib/utils";
import { toast } from "@/hooks/use-toast";
import { useFeatures } from "@/lib/api/settings";
import { categoryDotClass, isActivePath, visibleNavItems } from "./navigation";

const linkClass =
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none";
const activeClass = "bg-sidebar-accent text-sidebar-accent-foreground";

/** Sidebar body, shared by the desktop column and the narrow-screen drawer. */
export function AppSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(["shell", "common"]);
  const [location] = useLocation();
  const features = useFeatures();
  return (
    <div data-testid="sidebar" className="flex h-full min-h-0 flex-col bg-sidebar text-sidebar-foreground">
      <Link
        href={paths.home.getHref()}
        onClick={onNavigate}
        className="flex items-center gap-2 px-5 py-4 text-lg font-bold focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
      >
        <FileStack className="size-6 text-primary" aria-hidden="true" />
        {t("common:appName")}
      </Link>
      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto px-3 pb-4">
        <nav aria-label={t("nav.main")}>
          <ul className="space-y-1">
            {visibleNavItems(features).map((item) => {
              const active = isActivePath(location, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={onNavigate}
                    data-testid={item.testId}
                    aria-current={active ? "page" : undefined}
                    className={cn(linkClass, active && activeClass)}
                  >
                    <item.icon className="size-4" aria-hidden="true" />
                    {t(item.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <CategoryList location={location} onNavigate={onNavigate} />
      </div>
      <SidebarFooter location={location} onNavigate={onNavigate} />
    </div>
  );
}

function CategoryList({ location, onNavigate }: { location: string; onNavigate?: () => void }) {
  const { t } = useTranslation(["shell", "common"]);
  const stats = useCategoryStats();
  return (
    <section aria-labelledby="sidebar-categories-heading">
      <h2
        id="sidebar-categories-heading"
        className="px-3 pb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
      >
        {t("categories.heading")}
      </h2>
      {stats.isPending && (
        <div className="space-y-2 px-3" role="status" aria-busy="true" aria-label={t("categories.loading")}>
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
        </div>
      )}
      {stats.isError && <ErrorNotice error={stats.error} className="px-3 text-sm" />}
      {stats.data?.length === 0 && (
        <p className="px-3 text-sm text-muted-foreground">{t("categories.none")}</p>
      )}
      {stats.data && stats.data.length > 0 && (
        <ul className="space-y-1" data-testid="sidebar-categories">
          {stats.data.map((category) => {
            const href = paths.category.getHref(category.id);
            const active = location === href;
            return (
              <li key={category.id}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  data-testid={`sidebar-category-${category.id}`}
                  aria-current={active ? "page" : undefined}
                  className={cn(linkClass, "font-normal", active && activeClass)}
                >
                  <span
                    className={cn("size-2.5 shrink-0 rounded-full", categoryDotClass(category.color))}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1 truncate">{category.name}</span>
                  <span className="text-xs text-muted-foreground" aria-hidden="true">
                    {category.count}
                  </span>
                  <span className="sr-only">{t("categories.documentCount", { count: category.count })}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function SidebarFooter({ location, onNavigate }: { location: string; onNavigate?: () => void }) {
  const { t } = useTranslation(["shell", "common"]);
  const [, navigate] = useLocation();
  const { data: user } = useUser();
  const logout = useLogout();
  const settingsActive = isActivePath(location, paths.settings.getHref());

  // Signing out lives here, not in SidebarUser: a successful logout clears the user, which
  // unmounts SidebarUser, and its mutate callbacks (the redirect to login) would then never run.
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.login.getHref(), { replace: true }),
      onError: (error) =>
        toast({ variant: "destructive", title: t("signOutFailed"), description: errorMessage(error) }),
    });

  return (
    <div className="space-y-1 border-t border-sidebar-border px-3 py-3">
      <Link
        href={paths.settings.getHref()}
        onClick={onNavigate}
        data-testid="nav-settings"
        aria-current={settingsActive ? "page" : undefined}
        className={cn(linkClass, settingsActive && activeClass)}
      >
        <Settings className="size-4" aria-hidden="true" />
        {t("nav.settings")}
      </Link>
      <button
        type="button"
        data-testid="button-take-tour"
        className={cn(linkClass, "w-full")}
        onClick={() => {
          onNavigate?.();
          navigate(paths.home.getHref(true));
        }}
      >
        <Sparkles className="size-4" aria-hidden="true" />
        {t("nav.takeTour")}
      </button>
      {user && <SidebarUser user={user} signingOut={logout.isPending} onSignOut={signOut} />}
    </div>
  );
}

function SidebarUser({
  user,
  signingOut,
  onSignOut,
}: {
  user: SessionUser;
  signingOut: boolean;
  onSignOut: () => void;
}) {
  const { t } = useTranslation(["shell", "common"]);
  return (
    <div className="mt-2 flex items-center gap-3 rounded-md px-2 py-2" data-testid="sidebar-user">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        aria-hidden="true"
      >
        {initials(user.username)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="text-username">
          {user.username}
        </p>
        <p className="truncate text-xs text-muted-foreground" data-testid="text-role">
          {t(`common:roles.${user.role}`)}
        </p>
      </div>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("signOut")}
            data-testid="button-sign-out"
            disabled={signingOut}
            onClick={onSignOut}
          >
            <LogOut aria-hidden="true" />
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t("signOut")}</TooltipContent>
      </Tooltip>
    </div>
  );
}
