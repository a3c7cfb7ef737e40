import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "wouter";
import type { Version } from "@quire/contracts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage, errorStatus } from "@/lib/api-client";
import { useDocument } from "@/lib/api/document";
import { useDocumentVersions } from "@/lib/api/document-versions";
import { useVersionDiff } from "@/lib/api/version-diff";
import { AiAnalysisSummary } from "./components/ai-analysis-summary";
import { ChangesSummary } from "@/components/diff/changes-summary";
import { SideBySideDiff } from "@/components/diff/side-by-side-diff";
import { formatDateTime } from "@/lib/format";
import { DocumentNotFound } from "@/components/documents/document-states";

function VersionCard({ label, version }: { label: string; version: Version }) {
  return (
    <Card className="gap-2 py-4" data-testid={`card-version-${label.toLowerCase()}`}>
      <CardHeader className="px-4">
        <CardTitle className="text-base">
          {label}: Version {version.version}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-4 text-sm">
        <p>
          <span className="text-muted-foreground">Author:</span> {version.author}
        </p>
        <p>
          <span className="text-muted-foreground">Created:</span> {formatDateTime(version.createdAt)}
        </p>
        <p className="break-words">
          <span className="text-muted-foreground">Change note:</span>{" "}
          {version.changeNote ?? `Version ${version.version}`}
        </p>
      </CardContent>
    </Card>
  );
}

function DiffSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading comparison" data-testid="skeleton-diff">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-2/3" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

const NOT_COMPARABLE = "Unable to load version data for comparison.";

function NotComparable({ documentId, message = NOT_COMPARABLE }: { documentId: string; message?: string }) {
  return (
    <div className="grid gap-3">
      <Link
        href={paths.document.getHref(documentId)}
        className="text-sm text-muted-foreground hover:text-foreground"
      >
        Back to document
      </Link>
      <p role="alert" className="text-destructive">
        {message}
      </p>
    </div>
  );
}

function DiffHeader({
  documentId,
  title,
  from,
  to,
}: {
  documentId: string;
  title: string;
  from: number;
  to: number;
}) {
  return (
    <>
      <Link
        href={paths.document.getHref(documentId)}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        data-testid="link-back"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to document
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="text-diff-title">
          {title}
        </h1>
        <p className="text-muted-foreground" data-testid="text-diff-versions">
          v{from} → v{to}
        </p>
      </div>
    </>
  );
}

/** Seed §2 Diff page: /document/{documentId}/diff/{fromVersion}/{toVersion}. */
export function DiffPage() {
  const params = useParams<{ documentId: string; fromVersion: string; toVersion: string }>();
  const documentId = params.documentId ?? "";
  const from = Number(params.fromVersion);
  const to = Number(params.toVersion);
  const valid = Number.isInteger(from) && Number.isInteger(to) && from > 0 && to > 0;
  const document = useDocument(documentId);
  const versions = useDocumentVersions(documentId);
  const diff = useVersionDiff(documentId, valid ? from : null, valid ? to : null);

  if (document.isError && errorStatus(document.error) === 404) return <DocumentNotFound />;
  // 403 here means the Version Diff Viewer is turned off in Settings: say so rather than "unable".
  if (diff.isError && errorStatus(diff.error) === 403)
    return <NotComparable documentId={documentId} message={errorMessage(diff.error, NOT_COMPARABLE)} />;
  if (!valid || document.isError || versions.isError || diff.isError)
    return <NotComparable documentId={documentId} />;
  if (document.isPending || versions.isPending || diff.isPending) return <DiffSkeleton />;

  const older = versions.data.find((v) => v.version === from);
  const newer = versions.data.find((v) => v.version === to);
  if (!older || !newer) return <NotComparable documentId={documentId} />;

  return (
    <div className="grid gap-6" data-testid="diff-page">
      <DiffHeader documentId={documentId} title={document.data.title} from={from} to={to} />
      <AiAnalysisSummary documentId={documentId} from={from} to={to} />
      <div className="grid gap-4 sm:grid-cols-2">
        <VersionCard label="From" version={older} />
        <VersionCard label="To" version={newer} />
      </div>
      <ChangesSummary stats={diff.data.stats} />
      {diff.data.truncated && diff.data.truncatedReason && (
        <p className="text-sm text-muted-foreground">{diff.data.truncatedReason}</p>
      )}
      <SideBySideDiff rows={diff.data.sideBySide} fromLabel={`Version ${from}`} toLabel={`Version ${to}`} />
    </div>
  );
}
