import { ErrorNotice } from "@/components/error-notice";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { useSystemInfo } from "@/lib/api/settings";

/** The app's one date style, like every other date (issue 16.16), not an ISO day. */
function lastUpdate(iso: string | null): string {
  return (iso && formatDate(iso)) || "Unknown";
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
      </CardContent>
    </Card>
  );
}
