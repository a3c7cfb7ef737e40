import { Download } from "lucide-react";
import { Can } from "@/components/can";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useSystemInfo } from "@/lib/api/settings";
import type { SignInInfo } from "@quire/contracts";

/** The app's one date style, like every other date, not an ISO day. */
function lastUpdate(iso: string | null): string {
  return (iso && formatDate(iso)) || "Unknown";
}

/**
 * A consistent backup while Quire keeps serving (GET /api/admin/backup, recorded in the audit), for
 * Admins. The command line can take one too, but on embedded storage only through the server.
 */
function BackupDownload() {
  return (
    <div className="mt-4 space-y-2 border-t pt-4">
      <Button asChild size="sm" variant="outline">
        <a href="/api/admin/backup" download data-testid="button-download-backup">
          <Download aria-hidden="true" />
          Download Backup
        </a>
      </Button>
      <p className="text-xs text-muted-foreground">
        Every document, version, original, approval, group and setting in one file. Restore it into an empty
        installation with <code>npm run quire -- restore &lt;file&gt;</code>.
      </p>
    </div>
  );
}

function roleSource(sso: NonNullable<SignInInfo["sso"]>): string {
  if (!sso.roleClaim) return "Set in Quire by an Admin";
  const mapped = sso.roleMap.map((m) => `${m.value} → ${m.role}`).join(", ");
  return `From the “${sso.roleClaim}” claim${mapped ? `: ${mapped}` : ""}`;
}

/**
 * How people sign in, for Admins: what the identity provider must be told (the redirect URI to
 * register) and where roles and groups come from, as the running server has them configured.
 */
function SignInRows({ signIn }: { signIn: SignInInfo }) {
  const { sso } = signIn;
  const methods = [signIn.password && "Password", sso && "Single sign-on (OpenID Connect)"]
    .filter(Boolean)
    .join(" and ");
  return (
    <>
      <dt className="text-muted-foreground">Sign-in</dt>
      <dd data-testid="text-system-sign-in">{methods}</dd>
      {sso && (
        <>
          <dt className="text-muted-foreground">Identity Provider</dt>
          <dd className="min-w-0 break-all">{sso.issuer}</dd>
          <dt className="text-muted-foreground">Client ID</dt>
          <dd className="min-w-0 break-all">
            <code>{sso.clientId}</code>
          </dd>
          <dt className="text-muted-foreground">Redirect URI</dt>
          <dd className="min-w-0 break-all">
            <code data-testid="text-sso-redirect-uri">{sso.redirectUri}</code>
          </dd>
          <dt className="text-muted-foreground">Roles</dt>
          <dd className="min-w-0" data-testid="text-sso-roles">
            {roleSource(sso)}
          </dd>
          <dt className="text-muted-foreground">Groups</dt>
          <dd className="min-w-0">
            {sso.groupsClaim ? `From the “${sso.groupsClaim}” claim, at each sign-in` : "Managed in Quire"}
          </dd>
        </>
      )}
    </>
  );
}

/** System Information from the running build (GET /api/system). */
export function SystemCard() {
  const system = useSystemInfo();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Information</CardTitle>
      </CardHeader>
      <CardContent>
        {system.isPending ? (
          <Skeleton className="h-24" />
        ) : system.isError ? (
          <ErrorNotice error={system.error} />
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Version</dt>
            <dd data-testid="text-system-version">v{system.data.version.replace(/^v/, "")}</dd>
            <dt className="text-muted-foreground">Environment</dt>
            <dd data-testid="text-system-environment">{system.data.environment}</dd>
            <dt className="text-muted-foreground">Last Update</dt>
            <dd data-testid="text-system-last-update">
              {lastUpdate(system.data.lastUpdate ?? system.data.startedAt)}
            </dd>
            <dt className="text-muted-foreground">Database</dt>
            <dd>{system.data.database === "postgres" ? "PostgreSQL" : "Embedded (PGlite)"}</dd>
            <dt className="text-muted-foreground">AI Provider</dt>
            <dd>{system.data.aiProvider}</dd>
            {system.data.jobs && (
              <>
                <dt className="text-muted-foreground">Background Jobs</dt>
                <dd data-testid="text-system-jobs">
                  {system.data.jobs.queued} waiting, {system.data.jobs.running} running,{" "}
                  {system.data.jobs.failed} failed
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
