import { lazy, Suspense, useDeferredValue, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useUser } from "@/lib/auth";

/**
 * Only a user with a one-time password sees this form, so its form and validation libraries load
 * when it is shown, not with every page.
 */
const SetNewPassword = lazy(async () => ({ default: (await import("./set-new-password")).SetNewPassword }));

function SessionLoading() {
  const { t } = useTranslation("shell");
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-muted-foreground">
      {t("session.loading")}
    </div>
  );
}

/** Renders its children for a signed-in user; otherwise sends them to sign-in and back here after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation("shell");
  const user = useUser();
  const [location] = useLocation();
  const search = useSearch();
  // The signed-in app (the layout and the page) is built in the background once the session is
  // known: React builds it in short slices with the page responsive between them, while the
  // session's loading line stays. The session's answer comes from a store React renders at once,
  // and built in that one render, the whole app held the main thread in one long task. (An answer
  // that arrives mid-build still makes React finish the build at once, as before.)
  const signedIn = Boolean(user.data && !user.data.mustChangePassword);
  const built = useDeferredValue(signedIn, false);

  if (user.isPending) return <SessionLoading />;
  if (user.isError) {
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">{t("session.failed")}</h1>
        <p role="alert" className="text-muted-foreground">
          {errorMessage(user.error)}
        </p>
        <Button onClick={() => void user.refetch()}>{t("session.retry")}</Button>
      </main>
    );
  }
  if (!user.data) {
    const here = `${location}${search ? `?${search}` : ""}`;
    return <Redirect to={paths.login.getHref(here)} replace />;
  }
  if (user.data.mustChangePassword) {
    return (
      <Suspense fallback={<SessionLoading />}>
        <SetNewPassword user={user.data} />
      </Suspense>
    );
  }
  if (!built) return <SessionLoading />;
  return children;
}
