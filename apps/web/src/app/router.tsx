import { Suspense } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { AppLayout } from "@/components/layout/app-layout";
import { GuidedTour } from "@/features/tour/components/guided-tour";
import { ErrorBoundary } from "@/components/error-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { NotFoundPage } from "@/features/misc/not-found-page";
import { NotAllowed } from "@/components/not-allowed";
import { useAbilities, useUser } from "@/lib/auth";
import { abilityPhrases } from "@/lib/forbidden";
import { appRoutes, LandingPage, LoginPage, type AppRoute } from "./routes";

function PageLoading() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading page">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-40" />
    </div>
  );
}

/** A page whose purpose needs an ability the user lacks says why instead of offering a form. */
function GuardedPage({ route }: { route: AppRoute }) {
  const abilities = useAbilities();
  const { data: user } = useUser();
  if (route.ability && user && !abilities[route.ability]) {
    return <NotAllowed doing={abilityPhrases[route.ability]} />;
  }
  const Page = route.component;
  return <Page />;
}

/**
 * Layout routes render inside one persistent AppLayout (so the sidebar keeps its state between
 * pages); public routes and the 404 page render on their own.
 */
export function AppRouter() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const inLayout = appRoutes.some((route) => matchRoute(parser, route.path, location)[0]);

  if (inLayout) {
    return (
      <RequireAuth>
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
      </RequireAuth>
    );
  }
  return (
    <ErrorBoundary>
      <Suspense fallback={<div role="status" aria-label="Loading page" className="min-h-screen" />}>
        <Switch>
          <Route path={paths.landing.path} component={LandingPage} />
          <Route path={paths.login.path} component={LoginPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
