import type { FolderStatus, IngestionItem, IngestionOverview } from "@quire/contracts";
import { RotateCcw } from "lucide-react";
import { Link } from "wouter";
import { ErrorNotice } from "@/components/error-notice";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatBytes, formatDateTime, shortRelativeTime } from "@/lib/format";
import { useIngestion, useRetryIngestion } from "../api/ingestion";
import { MailAccountsSection } from "./mail-accounts-section";

const sourceLabels: Record<IngestionItem["source"], string> = {
  upload: "Upload",
  folder: "Folder",
  mail: "Mail",
  import: "Import",
};

/** What a person reads as the item's state: the document's own processing once it is one. */
function stateOf(item: IngestionItem): { label: string; variant: BadgeVariant } {
  if (item.state === "done") {
    if (item.processing === "failed") return { label: "Failed", variant: "destructive" };
    if (item.processing === "processing") return { label: "Processing", variant: "warning" };
    return { label: "Ready", variant: "accent" };
  }
  if (item.state === "queued") return { label: "Queued", variant: "warning" };
  if (item.state === "duplicate") return { label: "Duplicate", variant: "muted" };
  if (item.state === "changed") return { label: "Changed, taken again", variant: "muted" };
  return { label: "Failed", variant: "destructive" };
}

function FileList({ testId, files }: { testId: string; files: FolderStatus["waiting"] }) {
  return (
    <ul className="mt-1 space-y-1" data-testid={testId}>
      {files.map((file) => (
        <li key={file.name} className="min-w-0 text-xs">
          <span className="font-medium break-all">{file.name}</span>
          <span className="text-muted-foreground">
            {file.reason ? ` — ${file.reason}` : ` (${formatBytes(file.size)}, settling)`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The watched folder as the last scan saw it, or how to set one up. */
function FolderSection({ folder }: { folder: FolderStatus | null }) {
  if (!folder) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="text-ingestion-no-folder">
        No watched folder: set <code>CONSUME_DIR</code> to have Quire take every file saved there.
      </p>
    );
  }
  const lastScan = folder.lastScanAt
    ? `${shortRelativeTime(folder.lastScanAt)} (${formatDateTime(folder.lastScanAt)})`
    : "Not scanned yet";
  return (
    <section className="space-y-2" aria-label="Watched folder">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Folder</dt>
        <dd className="min-w-0 break-all" data-testid="text-ingestion-folder">
          <code>{folder.path}</code>
        </dd>
        <dt className="text-muted-foreground">Owner</dt>
        <dd>{folder.owner ?? "The first Admin"}</dd>
        <dt className="text-muted-foreground">Last scan</dt>
        <dd data-testid="text-ingestion-last-scan">{lastScan}</dd>
        <dt className="text-muted-foreground">Rule</dt>
        <dd className="min-w-0">
          Every {folder.scanSeconds} s; a file is taken once unchanged for {folder.settleSeconds} s
        </dd>
      </dl>
      {folder.error && (
        <p className="text-sm text-destructive" role="alert" data-testid="text-ingestion-folder-error">
          {folder.error}
        </p>
      )}
      <div className="text-sm" data-testid="text-ingestion-waiting">
        {folder.waiting.length === 0
          ? "No file waiting to settle."
          : `${folder.waiting.length} waiting to settle:`}
        {folder.waiting.length > 0 && <FileList testId="list-ingestion-waiting" files={folder.waiting} />}
      </div>
      {folder.skipped.length > 0 && (
        <div className="text-sm">
          {folder.skipped.length} skipped:
          <FileList testId="list-ingestion-skipped" files={folder.skipped} />
        </div>
      )}
    </section>
  );
}

function ItemRow({ item }: { item: IngestionItem }) {
  const retry = useRetryIngestion();
  const state = stateOf(item);
  const onRetry = () =>
    retry.mutate(item, {
      onSuccess: () => toast({ title: "Retrying", description: item.name }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Retry failed", description: errorMessage(error) }),
    });
  return (
    <li className="space-y-1 py-2" data-testid={`row-ingestion-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 basis-40 text-sm font-medium break-all">{item.name}</span>
        <Badge variant="outline">{sourceLabels[item.source]}</Badge>
        <Badge variant={state.variant} data-testid={`badge-ingestion-state-${item.id}`}>
          {state.label}
        </Badge>
        {item.canRetry && (
          <Button
            size="sm"
            variant="outline"
            onClick={onRetry}
            disabled={retry.isPending}
            data-testid={`button-retry-ingestion-${item.id}`}
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        )}
      </div>
      <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <span>{shortRelativeTime(item.createdAt)}</span>
        {item.document && (
          <Link className="underline" href={paths.document.getHref(item.document.id)}>
            {item.document.title}
          </Link>
        )}
      </div>
      {item.reason && (
        <p
          className="text-xs break-words text-muted-foreground"
          data-testid={`text-ingestion-reason-${item.id}`}
        >
          {item.reason}
        </p>
      )}
    </li>
  );
}

function Counts({ counts }: { counts: IngestionOverview["counts"] }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="text-ingestion-counts">
      {counts.queued} queued, {counts.done} taken, {counts.duplicate} duplicate, {counts.failed} failed
    </p>
  );
}

/** Settings › Ingestion (Admin): what entered the archive from every source, and why anything stopped. */
export function IngestionCard() {
  const ingestion = useIngestion();
  return (
    <Card data-testid="card-ingestion">
      <CardHeader>
        <CardTitle>Ingestion</CardTitle>
        <CardDescription>
          Every file that entered the archive, from uploads, the watched folder, mail and imports.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {ingestion.isPending ? (
          <Skeleton className="h-32" />
        ) : ingestion.isError ? (
          <ErrorNotice error={ingestion.error} fallback="Ingestion could not be loaded." />
        ) : (
          <>
            <FolderSection folder={ingestion.data.folder} />
            <MailAccountsSection />
            <Counts counts={ingestion.data.counts} />
            {ingestion.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing has entered the archive yet.</p>
            ) : (
              <ul className="divide-y" data-testid="list-ingestion-items">
                {ingestion.data.items.map((item) => (
                  <ItemRow key={item.id} item={item} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
