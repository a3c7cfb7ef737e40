import { Download } from "lucide-react";
import { Can } from "@/components/can";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useSystemInfo } from "@/lib/api/settings";

/** The app's one date style, like every other date (issue 16.16), not an ISO day. */
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
          </dl>
        )}
        <Can ability="createBackup">
          <BackupDownload />
        </Can>
      </CardContent>
    </Card>
  );
}
