import { FileDown, GitCompare } from "lucide-react";
import { Link } from "wouter";
import type { Version } from "@quire/contracts";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useDocumentVersions } from "@/lib/api/document-versions";
import { versionLabel } from "../lib/comparison";
import { wordUrl } from "../lib/download";
import { originalFormat } from "../lib/original-format";
import { COMPARISON_ERROR, VersionComparison } from "./version-comparison";
import { formatCount, formatDate, formatDateTime } from "@/lib/format";

/** The newest approved version in the list (the effective one), or null. */
function effectiveOf(versions: readonly Version[]): number | null {
  const approved = versions.filter((v) => v.approvedAt).map((v) => v.version);
  return approved.length ? Math.max(...approved) : null;
}

/** Document control's word on a version: effective, superseded by a later approval, or in progress. */
function ControlLabel({ version, effective }: { version: Version; effective: number | null }) {
  const base = "rounded-md px-2 py-0.5 text-xs font-medium";
  if (version.supersededBy)
    return (
      <span
        className={`${base} bg-muted text-muted-foreground`}
        data-testid={`text-superseded-${version.version}`}
      >
        Superseded by version {version.supersededBy}
      </span>
    );
  if (version.approvedAt)
    return (
      <span
        className={`${base} bg-primary/10 text-primary`}
        data-testid={`text-effective-${version.version}`}
      >
        Effective · approved {formatDate(version.approvedAt)}
      </span>
    );
  if (effective !== null && version.version > effective)
    return (
      <span className={`${base} bg-amber-100 text-amber-900 dark:bg-amber-900/30 dark:text-amber-200`}>
        In progress
      </span>
    );
  return null;
}

/** What the version's original is, when Quire wrote it from edited text rather than someone uploading it. */
function OriginalNote({ version }: { version: Version }) {
  if (!version.originalFromText) return null;
  const word = originalFormat(version.mediaType, version.originalFilename).kind === "docx";
  return (
    <p className="mt-1 text-xs text-muted-foreground" data-testid={`text-original-${version.version}`}>
      {word
        ? "Edited in Quire: its Word file (.docx) was generated from the text."
        : "Edited in Quire: its original is the text (markdown)."}
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
  return (
    <section aria-labelledby="history-title">
      <h3 id="history-title" className="mb-3 text-lg font-semibold">
        Version History
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
                  v{v.version}
                </Link>
                {i === 0 && <span className="text-xs text-muted-foreground">(current)</span>}
                <ControlLabel version={v} effective={effectiveOf(versions)} />
                <span className="break-words">{versionLabel(v)}</span>
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {v.author} · {formatDateTime(v.createdAt)} · {formatCount(v.content.length)} characters
              </p>
              <OriginalNote version={v} />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {compare && v.version > 1 && versions.some((o) => o.version === v.version - 1) && (
                <Link
                  href={paths.diff.getHref(documentId, v.version - 1, v.version)}
                  className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                  aria-label={`Changes in version ${v.version}`}
                >
                  <GitCompare className="size-4" aria-hidden="true" />
                  Changes
                </Link>
              )}
              <a
                href={wordUrl(documentId, v.version)}
                download
                className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                aria-label={`Download version ${v.version} as Word (.docx)`}
                data-testid={`link-word-${v.version}`}
              >
                <FileDown className="size-4" aria-hidden="true" />
                Word (.docx)
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
  const versions = useDocumentVersions(documentId);
  if (versions.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading versions">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (versions.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {COMPARISON_ERROR}
      </p>
    );
  }
  if (versions.data.length <= 1) {
    return (
      <div className="rounded-md border border-dashed p-6 text-center" data-testid="text-single-version">
        <h3 className="font-semibold">Single Version</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          This document has only one version, so there is nothing to compare yet. Edit the content or upload a
          new version to start its history.
        </p>
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
