import { FileDown, GitCompare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Version } from "@quire/contracts";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useDocumentVersions } from "@/lib/api/document-versions";
import { versionLabel } from "../lib/comparison";
import { wordUrl } from "../lib/download";
import { originalFormat } from "../lib/original-format";
import { VersionComparison } from "./version-comparison";
import { formatCount, formatDate, formatDateTime } from "@/lib/format";
import "../locale";

/** The newest approved version in the list (the effective one), or null. */
function effectiveOf(versions: readonly Version[]): number | null {
  const approved = versions.filter((v) => v.approvedAt).map((v) => v.version);
  return approved.length ? Math.max(...approved) : null;
}

/** Document control's word on a version: effective, superseded by a later approval, or in progress. */
function ControlLabel({ version, effective }: { version: Version; effective: number | null }) {
  const { t } = useTranslation("document");
  const base = "rounded-md px-2 py-0.5 text-xs font-medium";
  if (version.supersededBy)
    return (
      <span
        className={`${base} bg-muted text-muted-foreground`}
        data-testid={`text-superseded-${version.version}`}
      >
        {t("versions.superseded", { version: version.supersededBy })}
      </span>
    );
  if (version.approvedAt)
    return (
      <span
        className={`${base} bg-primary/10 text-primary`}
        data-testid={`text-effective-${version.version}`}
      >
        {t("versions.effective", { date: formatDate(version.approvedAt) })}
      </span>
    );
  if (effective !== null && version.version > effective)
    return (
      <span className={`${base} bg-amber-100 text-amber-900 dark:bg-amber-900/30 dark:text-amber-200`}>
        {t("versions.inProgress")}
      </span>
    );
  return null;
}

/** What the version's original is, when Quire wrote it from edited text rather than someone uploading it. */
function OriginalNote({ version }: { version: Version }) {
  const { t } = useTranslation("document");
  if (!version.originalFromText) return null;
  const word = originalFormat(version.mediaType, version.originalFilename).kind === "docx";
  return (
    <p className="mt-1 text-xs text-muted-foreground" data-testid={`text-original-${version.version}`}>
      {word ? t("versions.editedWord") : t("versions.editedText")}
    </p>
  );
}

function VersionHistory({
  documentId,
  versions,
  compare,
}: {
  documentId: string;
  versions: readonly Version[];
  compare: boolean;
}) {
  const { t } = useTranslation("document");
  return (
    <section aria-labelledby="history-title">
      <h3 id="history-title" className="mb-3 text-lg font-semibold">
        {t("versions.history")}
      </h3>
      <ol className="grid gap-2" data-testid="list-versions">
        {versions.map((v, i) => (
          <li
            key={v.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-3"
            data-testid={`version-${v.version}`}
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  href={paths.document.getHref(documentId, { version: v.version })}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {t("versions.short", { version: v.version })}
                </Link>
                {i === 0 && <span className="text-xs text-muted-foreground">{t("versions.current")}</span>}
                <ControlLabel version={v} effective={effectiveOf(versions)} />
                <span className="break-words">{versionLabel(v)}</span>
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {v.author} · {formatDateTime(v.createdAt)} ·{" "}
                {t("versions.characters", { count: v.content.length, n: formatCount(v.content.length) })}
              </p>
              <OriginalNote version={v} />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {compare && v.version > 1 && versions.some((o) => o.version === v.version - 1) && (
                <Link
                  href={paths.diff.getHref(documentId, v.version - 1, v.version)}
                  className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                  aria-label={t("versions.changesIn", { version: v.version })}
                >
                  <GitCompare className="size-4" aria-hidden="true" />
                  {t("versions.changes")}
                </Link>
              )}
              <a
                href={wordUrl(documentId, v.version)}
                download
                className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                aria-label={t("versions.downloadWord", { version: v.version })}
                data-testid={`link-word-${v.version}`}
              >
                <FileDown className="size-4" aria-hidden="true" />
                {t("versions.word")}
              </a>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Seed §2 Versions tab: history and comparison, or 'Single Version'. With the Version Diff
 * Viewer turned off in Settings the history stays and every way to compare goes.
 */
export function VersionsTab({ documentId, compare = true }: { documentId: string; compare?: boolean }) {
  const { t } = useTranslation("document");
  const versions = useDocumentVersions(documentId);
  if (versions.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={t("versions.loading")}>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (versions.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("versions.comparisonError")}
      </p>
    );
  }
  if (versions.data.length <= 1) {
    return (
      <div className="rounded-md border border-dashed p-6 text-center" data-testid="text-single-version">
        <h3 className="font-semibold">{t("versions.single")}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("versions.singleText")}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <VersionHistory documentId={documentId} versions={versions.data} compare={compare} />
      {compare && <VersionComparison documentId={documentId} versions={versions.data} />}
    </div>
  );
}
