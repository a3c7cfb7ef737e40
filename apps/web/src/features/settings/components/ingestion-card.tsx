import { Trans, useTranslation } from "react-i18next";
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
import { formatBytes, formatCount, formatDateTime, shortRelativeTime } from "@/lib/format";
import { useIngestion, useRetryIngestion } from "../api/ingestion";
import { MailAccountsSection } from "./mail-accounts-section";
import "../locale";

type StateKey = "failed" | "processing" | "ready" | "queued" | "duplicate" | "changed";

/** What a person reads as the item's state (`ingestion.states.<key>`): the document's own processing once it is one. */
function stateOf(item: IngestionItem): { key: StateKey; variant: BadgeVariant } {
  if (item.state === "done") {
    if (item.processing === "failed") return { key: "failed", variant: "destructive" };
    if (item.processing === "processing") return { key: "processing", variant: "warning" };
    return { key: "ready", variant: "accent" };
  }
  if (item.state === "queued") return { key: "queued", variant: "warning" };
  if (item.state === "duplicate") return { key: "duplicate", variant: "muted" };
  if (item.state === "changed") return { key: "changed", variant: "muted" };
  return { key: "failed", variant: "destructive" };
}

function FileList({ testId, files }: { testId: string; files: FolderStatus["waiting"] }) {
  const { t } = useTranslation("settings");
  return (
    <ul className="mt-1 space-y-1" data-testid={testId}>
      {files.map((file) => (
        <li key={file.name} className="min-w-0 text-xs">
          <span className="font-medium break-all">{file.name}</span>
          <span className="text-muted-foreground">
            {file.reason
              ? ` — ${file.reason}`
              : ` ${t("ingestion.settling", { size: formatBytes(file.size) })}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The watched folder as the last scan saw it, or how to set one up. */
function FolderSection({ folder }: { folder: FolderStatus | null }) {
  const { t } = useTranslation("settings");
  if (!folder) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="text-ingestion-no-folder">
        <Trans t={t} i18nKey="ingestion.noFolder" components={{ code: <code /> }} />
      </p>
    );
  }
  const lastScan = folder.lastScanAt
    ? `${shortRelativeTime(folder.lastScanAt)} (${formatDateTime(folder.lastScanAt)})`
    : t("ingestion.notScanned");
  return (
    <section className="space-y-2" aria-label={t("ingestion.watchedFolder")}>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("ingestion.folder")}</dt>
        <dd className="min-w-0 break-all" data-testid="text-ingestion-folder">
          <code>{folder.path}</code>
        </dd>
        <dt className="text-muted-foreground">{t("ingestion.owner")}</dt>
        <dd>{folder.owner ?? t("ingestion.firstAdmin")}</dd>
        <dt className="text-muted-foreground">{t("ingestion.lastScan")}</dt>
        <dd data-testid="text-ingestion-last-scan">{lastScan}</dd>
        <dt className="text-muted-foreground">{t("ingestion.rule")}</dt>
        <dd className="min-w-0">
          {t("ingestion.ruleText", {
            scan: formatCount(folder.scanSeconds),
            settle: formatCount(folder.settleSeconds),
          })}
        </dd>
      </dl>
      {folder.error && (
        <p className="text-sm text-destructive" role="alert" data-testid="text-ingestion-folder-error">
          {folder.error}
        </p>
      )}
      <div className="text-sm" data-testid="text-ingestion-waiting">
        {folder.waiting.length === 0
          ? t("ingestion.noneWaiting")
          : t("ingestion.waiting", { count: folder.waiting.length, n: formatCount(folder.waiting.length) })}
        {folder.waiting.length > 0 && <FileList testId="list-ingestion-waiting" files={folder.waiting} />}
      </div>
      {folder.skipped.length > 0 && (
        <div className="text-sm">
          {t("ingestion.skipped", { count: folder.skipped.length, n: formatCount(folder.skipped.length) })}
          <FileList testId="list-ingestion-skipped" files={folder.skipped} />
        </div>
      )}
    </section>
  );
}

function ItemRow({ item }: { item: IngestionItem }) {
  const retry = useRetryIngestion();
  const { t } = useTranslation("settings");
  const state = stateOf(item);
  const onRetry = () =>
    retry.mutate(item, {
      onSuccess: () => toast({ title: t("ingestion.retrying"), description: item.name }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("ingestion.retryFailed"),
          description: errorMessage(error),
        }),
    });
  return (
    <li className="space-y-1 py-2" data-testid={`row-ingestion-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 basis-40 text-sm font-medium break-all">{item.name}</span>
        <Badge variant="outline">{t(`ingestion.sources.${item.source}`)}</Badge>
        <Badge variant={state.variant} data-testid={`badge-ingestion-state-${item.id}`}>
          {t(`ingestion.states.${state.key}`)}
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
            {t("ingestion.retry")}
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
  const { t } = useTranslation("settings");
  return (
    <p className="text-sm text-muted-foreground" data-testid="text-ingestion-counts">
      {t("ingestion.counts", {
        queued: formatCount(counts.queued),
        done: formatCount(counts.done),
        duplicate: formatCount(counts.duplicate),
        failed: formatCount(counts.failed),
      })}
    </p>
  );
}

/** Settings › Ingestion (Admin): what entered the archive from every source, and why anything stopped. */
export function IngestionCard() {
  const ingestion = useIngestion();
  const { t } = useTranslation("settings");
  return (
    <Card data-testid="card-ingestion">
      <CardHeader>
        <CardTitle>{t("ingestion.title")}</CardTitle>
        <CardDescription>{t("ingestion.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {ingestion.isPending ? (
          <Skeleton className="h-32" />
        ) : ingestion.isError ? (
          <ErrorNotice error={ingestion.error} fallback={t("ingestion.loadFailed")} />
        ) : (
          <>
            <FolderSection folder={ingestion.data.folder} />
            <MailAccountsSection />
            <Counts counts={ingestion.data.counts} />
            {ingestion.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("ingestion.empty")}</p>
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
