import { useEffect, type ReactNode } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type UseFormReturn } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { FileStack, KeyRound, LogIn } from "lucide-react";
import { loginBodySchema, type LoginBody, type LoginOptions } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths, safeNextPath } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useLogin, useLoginOptions, useUser } from "@/lib/auth";
import { followBrowserLanguage } from "@/lib/i18n";
import "../locale";

export function LoginPage() {
  const { t } = useTranslation(["auth", "common"]);
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const next = safeNextPath(params.get("next"));
  const user = useUser();
  const options = useLoginOptions();
  // A refused single sign-on comes back here with ?error=; the sentence is the one the server
  // signed for this browser (its options), never text from the URL, which anyone can link to.
  const ssoError = params.has("error") && options.data ? (options.data.ssoError ?? t("ssoFailed")) : null;
  const login = useLogin();
  // Signed out, nobody's choice is kept here: the page speaks the browser's language.
  useEffect(() => {
    void followBrowserLanguage();
  }, []);
  // The request's own schema checks the form: the username is trimmed as the server would.
  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: "", password: "" },
  });

  if (user.data) return <Redirect to={next} replace />;
  // Until the options arrive the form shows, as before; only an explicit "off" hides it.
  const localLogin = options.data?.localLogin !== false;

  const onSubmit = form.handleSubmit((body) =>
    login.mutate(body, { onSuccess: () => navigate(next, { replace: true }) }),
  );

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <Link href={paths.landing.getHref()} className="flex items-center gap-2 text-xl font-bold">
        <FileStack className="size-7 text-primary" aria-hidden="true" />
        {t("common:appName")}
      </Link>
      <SignInCard ssoError={ssoError} sso={options.data?.sso ?? null} next={next}>
        {localLogin && (
          <SignInForm
            form={form}
            onSubmit={onSubmit}
            pending={login.isPending}
            error={login.isError ? errorMessage(login.error) : null}
          />
        )}
      </SignInCard>
      {options.data?.demo && localLogin && (
        <DemoAccounts
          options={options.data}
          onPick={(name) => {
            form.setValue("username", name);
            if (options.data.demoPassword) form.setValue("password", options.data.demoPassword);
          }}
        />
      )}
      {options.isError && <ErrorNotice error={options.error} className="text-sm" />}
    </main>
  );
}

/** The sign-in choices: single sign-on, the local form (`children`, absent when switched off), or both. */
function SignInCard({
  ssoError,
  sso,
  next,
  children,
}: {
  ssoError: string | null;
  sso: LoginOptions["sso"];
  next: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(["auth", "common"]);
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <h1 className="text-xl font-semibold">{t("signIn")}</h1>
        <CardDescription>{t("signInDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {ssoError && (
          <p role="alert" className="text-sm text-destructive" data-testid="text-sso-error">
            {ssoError.slice(0, 300)}
          </p>
        )}
        {sso && <SsoButton label={sso.buttonLabel} href={ssoHref(sso.startUrl, next)} />}
        {sso && children && (
          <p className="text-center text-xs text-muted-foreground" aria-hidden="true">
            {t("or")}
          </p>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The provider's start URL, carrying the page to return to when it is not the default. */
function ssoHref(startUrl: string, next: string): string {
  return next === paths.home.getHref() ? startUrl : `${startUrl}?next=${encodeURIComponent(next)}`;
}

/** A plain link: the browser leaves for the identity provider and comes back signed in. */
function SsoButton({ label, href }: { label: string; href: string }) {
  const { t } = useTranslation(["auth", "common"]);
  return (
    <a
      href={href}
      className={buttonVariants({ variant: "outline", className: "w-full" })}
      data-testid="button-sso"
    >
      <KeyRound aria-hidden="true" />
      {t("signInWith", { provider: label })}
    </a>
  );
}

type SignInFormProps = {
  form: UseFormReturn<LoginBody>;
  onSubmit: () => void;
  pending: boolean;
  error: string | null;
};

function SignInForm({ form, onSubmit, pending, error }: SignInFormProps) {
  const { t } = useTranslation(["auth", "common"]);
  const invalid = form.formState.errors.username?.message ?? form.formState.errors.password?.message;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby={error ? "login-error" : undefined}>
      <div className="space-y-2">
        <Label htmlFor="login-username">{t("username")}</Label>
        <Input
          id="login-username"
          autoComplete="username"
          required
          aria-invalid={form.formState.errors.username ? true : undefined}
          {...form.register("username")}
          data-testid="input-username"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="login-password">{t("password")}</Label>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={form.formState.errors.password ? true : undefined}
          {...form.register("password")}
          data-testid="input-password"
        />
      </div>
      {invalid && (
        <p role="alert" className="text-sm text-destructive">
          {invalid.charAt(0).toUpperCase() + invalid.slice(1)}.
        </p>
      )}
      {error && (
        <p id="login-error" role="alert" className="text-sm text-destructive" data-testid="text-login-error">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending} data-testid="button-sign-in">
        <LogIn aria-hidden="true" />
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}

function DemoAccounts({ options, onPick }: { options: LoginOptions; onPick: (username: string) => void }) {
  const { t } = useTranslation(["auth", "common"]);
  return (
    <Card className="w-full max-w-sm gap-4" data-testid="panel-demo-accounts">
      <CardHeader>
        <CardTitle>{t("demoAccounts")}</CardTitle>
        <CardDescription>
          <Trans
            t={t}
            i18nKey="demoDescription"
            values={{ password: options.demoPassword ?? t("passwordNotSet") }}
            components={{
              code: (
                <code
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground"
                  data-testid="text-demo-password"
                />
              ),
            }}
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-2">
          {options.demoUsers.map((account) => (
            <li key={account.username}>
              <Button
                type="button"
                variant="outline"
                className="h-auto w-full flex-col items-start gap-0 py-2"
                onClick={() => onPick(account.username)}
                data-testid={`button-demo-${account.username}`}
              >
                <span className="font-medium">{account.username}</span>
                <span className="text-xs text-muted-foreground">{t(`common:roles.${account.role}`)}</span>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
