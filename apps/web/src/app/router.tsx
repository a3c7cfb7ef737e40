import { Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FileStack } from "lucide-react";
import { matchRoute, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { AppLayout } from "@/components/layout/app-layout";
import { GuidedTour } from "@/features/tour/components/guided-tour";
import { CommandPaletteHost } from "@/features/command-palette/command-palette-host";
import { ErrorBoundary } from "@/components/error-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { NotFoundPage } from "@/features/misc/not-found-page";
import { NotAllowed } from "@/components/not-allowed";
import { useAbilities, useUser } from "@/lib/auth";
import { abilityPhrase } from "@/lib/forbidden";
import { loadShellContracts } from "@/lib/lazy-schema";
import { prepareFormatters } from "@/lib/format";
import { appRoutes, LandingPage, LoginPage, type AppRoute } from "./routes";

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" role="status" aria-label={t("loadingPage")}>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-40" />
    </div>
  );
}

/**
 * What a public page (sign-in, landing) shows while its code arrives: the brand and an outline of a
 * card, so a first visit on a slow link never stares at an empty page.
 */
function PublicPageLoading() {
  const { t } = useTranslation();
  return (
    <main
      className="flex min-h-screen flex-col items-center justify-center gap-6 p-4"
      role="status"
      aria-label={t("loadingPage")}
      data-testid="public-page-loading"
    >
      <span className="flex items-center gap-2 text-xl font-bold">
        <FileStack className="size-7 text-primary" aria-hidden="true" />
        {t("appName")}
      </span>
      <div className="grid w-full max-w-sm gap-3 rounded-lg border p-6">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    </main>
  );
}

/**
 * A page whose purpose needs an ability the user lacks says why instead of offering a form. While
 * the page's code is on its way the loading outline stands in, and the page replaces it as soon as
 * it arrives: behind a Suspense fallback, React holds revealed content back for up to 300 ms (so a
 * series of reveals does not flicker), which on a first visit only delays the page's first paint.
 */
function GuardedPage({ route }: { route: AppRoute }) {
  const abilities = useAbilities();
  const { data: user } = useUser();
  // Chosen once per mount: a mounted page whose component changed would be mounted afresh.
  const [Page, setPage] = useState<ComponentType | null>(() => route.loaded());
  useEffect(() => {
    if (Page) return;
    let mounted = true;
    // A failed download goes to React.lazy, which tries again and reports to the error boundary.
    const settle = () => {
      if (mounted) setPage(() => route.loaded() ?? route.component);
    };
    route.preload().then(settle, settle);
    return () => {
      mounted = false;
    };
  }, [Page, route]);
  if (route.ability && user && !abilities[route.ability]) {
    return <NotAllowed doing={abilityPhrase(route.ability)} />;
  }
  if (!Page) return <PageLoading />;
  return <Page />;
}

const ignore = () => {};

/**
 * The page the app opens on: its code is fetched at once, beside the session check, rather than
 * after it; its first data (where the route names it) as soon as the session is known, while that
 * code may still be on its way. Later pages load when visited.
 */
function EarlyPage({ route }: { route: AppRoute }) {
  const client = useQueryClient();
  const search = useSearch();
  const [first] = useState(() => ({ route, search }));
  const user = useUser();
  const signedIn = Boolean(user.data && !user.data.mustChangePassword);
  const asked = useRef(false);

  // Asked for once the first frame is painted (files asked for before it would count against it):
  // the session's schemas (the session answer waits for them), the function that asks for the
  // page's data, then the page's code, in that order, since the browser fetches only a few files
  // from one server at a time. A failed download is left to the page itself, which loads (and
  // reports) the same again.
  useEffect(() => {
    loadShellContracts().catch(ignore);
    // Only the module, here: the request waits for a session (without one it would only fail).
    first.route.firstData?.load().catch(ignore);
    first.route.preload().catch(ignore);
    // Meanwhile the main thread is idle: a task of its own builds the page's number and date formatters.
    const prepare = setTimeout(prepareFormatters, 0);
    return () => clearTimeout(prepare);
  }, [first]);

  useEffect(() => {
    const firstData = first.route.firstData;
    if (!signedIn || asked.current || !firstData) return;
    asked.current = true;
    // Asked within this effect when the function is here already, ahead of the renders queued now.
    const ask = firstData.now();
    if (ask) ask(client, first.search).catch(ignore);
    else
      firstData
        .load()
        .then((loaded) => loaded(client, first.search))
        .catch(ignore);
  }, [signedIn, first, client]);
  return null;
}

/**
 * Layout routes render inside one persistent AppLayout (so the sidebar keeps its state between
 * pages); public routes and the 404 page render on their own.
 */
export function AppRouter() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const layoutRoute = appRoutes.find((route) => matchRoute(parser, route.path, location)[0]);

  if (layoutRoute) {
    return (
      <>
        <EarlyPage route={layoutRoute} />
        <RequireAuth>
          <CommandPaletteHost>
            <AppLayout overlay={<GuidedTour />}>
              <ErrorBoundary key={location}>
                <Suspense fallback={<PageLoading />}>
                  <Switch>
                    {appRoutes.map((route) => (
                      <Route key={route.path} path={route.path}>
                        <GuardedPage route={route} />
                      </Route>
                    ))}
                  </Switch>
                </Suspense>
              </ErrorBoundary>
            </AppLayout>
          </CommandPaletteHost>
        </RequireAuth>
      </>
    );
  }
  return (
    <ErrorBoundary>
      <Suspense fallback={<PublicPageLoading />}>
        <Switch>
          <Route path={paths.landing.path} component={LandingPage} />
          <Route path={paths.login.path} component={LoginPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
