import { Trans, useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { Can } from "@/components/can";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatDate } from "@/lib/format";
import { useSystemInfo } from "@/lib/api/settings";
import { i18n } from "@/lib/i18n";
import type { SignInInfo } from "@quire/contracts";
import "../locale";

/** A command, the same in every language. */
const RESTORE_COMMAND = "npm run quire -- restore <file>";
/** Product names, the same in every language. */
const POSTGRES = "PostgreSQL";
/** "v1.2.0" whether or not the build's version carries its "v". */
const versionLabel = (version: string) => `v${version.replace(/^v/, "")}`;

/** The app's one date style, like every other date, not an ISO day. */
function lastUpdate(iso: string | null): string {
  return (iso && formatDate(iso)) || i18n.t("settings:system.unknown");
}

/**
 * A consistent backup while Quire keeps serving (GET /api/admin/backup, recorded in the audit), for
 * Admins. The command line can take one too, but on embedded storage only through the server.
 */
function BackupDownload() {
  const { t } = useTranslation("settings");
  return (
    <div className="mt-4 space-y-2 border-t pt-4">
      <Button asChild size="sm" variant="outline">
        <a href="/api/admin/backup" download data-testid="button-download-backup">
          <Download aria-hidden="true" />
          {t("system.downloadBackup")}
        </a>
      </Button>
      <p className="text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="system.backupHint"
          values={{ command: RESTORE_COMMAND }}
          components={{ code: <code /> }}
        />
      </p>
    </div>
  );
}

function roleSource(sso: NonNullable<SignInInfo["sso"]>): string {
  if (!sso.roleClaim) return i18n.t("settings:system.rolesInQuire");
  // The claim's values are the identity provider's own words; the roles they map to are translated.
  const mapped = sso.roleMap.map((m) => `${m.value} → ${i18n.t(`common:roles.${m.role}`)}`).join(", ");
  return mapped
    ? i18n.t("settings:system.rolesFromClaimMapped", { claim: sso.roleClaim, mapped })
    : i18n.t("settings:system.rolesFromClaim", { claim: sso.roleClaim });
}

/**
 * How people sign in, for Admins: what the identity provider must be told (the redirect URI to
 * register) and where roles and groups come from, as the running server has them configured.
 */
function SignInRows({ signIn }: { signIn: SignInInfo }) {
  const { sso } = signIn;
  const { t } = useTranslation("settings");
  const methods =
    signIn.password && sso
      ? t("system.passwordAndSso")
      : signIn.password
        ? t("system.password")
        : sso
          ? t("system.sso")
          : "";
  return (
    <>
      <dt className="text-muted-foreground">{t("system.signIn")}</dt>
      <dd data-testid="text-system-sign-in">{methods}</dd>
      {sso && (
        <>
          <dt className="text-muted-foreground">{t("system.identityProvider")}</dt>
          <dd className="min-w-0 break-all">{sso.issuer}</dd>
          <dt className="text-muted-foreground">{t("system.clientId")}</dt>
          <dd className="min-w-0 break-all">
            <code>{sso.clientId}</code>
          </dd>
          <dt className="text-muted-foreground">{t("system.redirectUri")}</dt>
          <dd className="min-w-0 break-all">
            <code data-testid="text-sso-redirect-uri">{sso.redirectUri}</code>
          </dd>
          <dt className="text-muted-foreground">{t("system.roles")}</dt>
          <dd className="min-w-0" data-testid="text-sso-roles">
            {roleSource(sso)}
          </dd>
          <dt className="text-muted-foreground">{t("system.groups")}</dt>
          <dd className="min-w-0">
            {sso.groupsClaim
              ? t("system.groupsFromClaim", { claim: sso.groupsClaim })
              : t("system.groupsInQuire")}
          </dd>
        </>
      )}
    </>
  );
}

/** System Information from the running build (GET /api/system). */
export function SystemCard() {
  const system = useSystemInfo();
  const { t } = useTranslation("settings");
  return (
    <Card data-testid="card-system">
      <CardHeader>
        <CardTitle>{t("system.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {system.isPending ? (
          <Skeleton className="h-24" />
        ) : system.isError ? (
          <ErrorNotice error={system.error} />
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t("system.version")}</dt>
            <dd data-testid="text-system-version">{versionLabel(system.data.version)}</dd>
            <dt className="text-muted-foreground">{t("system.environment")}</dt>
            <dd data-testid="text-system-environment">{system.data.environment}</dd>
            <dt className="text-muted-foreground">{t("system.lastUpdate")}</dt>
            <dd data-testid="text-system-last-update">
              {lastUpdate(system.data.lastUpdate ?? system.data.startedAt)}
            </dd>
            <dt className="text-muted-foreground">{t("system.database")}</dt>
            <dd>{system.data.database === "postgres" ? POSTGRES : t("system.embedded")}</dd>
            <dt className="text-muted-foreground">{t("system.aiProvider")}</dt>
            <dd>{system.data.aiProvider}</dd>
            {system.data.jobs && (
              <>
                <dt className="text-muted-foreground">{t("system.jobs")}</dt>
                <dd data-testid="text-system-jobs">
                  {t("system.jobCounts", {
                    queued: formatCount(system.data.jobs.queued),
                    running: formatCount(system.data.jobs.running),
                    failed: formatCount(system.data.jobs.failed),
                  })}
                </dd>
              </>
            )}
            {system.data.signIn && <SignInRows signIn={system.data.signIn} />}
          </dl>
        )}
        <Can ability="createBackup">
          <BackupDownload />
        </Can>
      </CardContent>
    </Card>
  );
}
