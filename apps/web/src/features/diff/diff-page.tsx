import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
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
import { i18n } from "@/lib/i18n";
import "@/components/document-parts-locale";

function VersionCard({ side, version }: { side: "from" | "to"; version: Version }) {
  const { t } = useTranslation("document-parts");
  return (
    <Card className="gap-2 py-4" data-testid={`card-version-${side}`}>
      <CardHeader className="px-4">
        <CardTitle className="text-base">
          {t("diffPage.card", { side: t(`diffPage.${side}`), version: version.version })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-4 text-sm">
        <p>
          <span className="text-muted-foreground">{t("diffPage.author")}</span> {version.author}
        </p>
        <p>
          <span className="text-muted-foreground">{t("diffPage.created")}</span>{" "}
          {formatDateTime(version.createdAt)}
        </p>
        <p className="break-words">
          <span className="text-muted-foreground">{t("diffPage.changeNote")}</span>{" "}
          {version.changeNote ?? t("diffPage.version", { version: version.version })}
        </p>
      </CardContent>
    </Card>
  );
}

function DiffSkeleton() {
  const { t } = useTranslation("document-parts");
  return (
    <div className="grid gap-4" role="status" aria-label={t("diffPage.loading")} data-testid="skeleton-diff">
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

function NotComparable({ documentId, message }: { documentId: string; message?: string }) {
  const { t } = useTranslation("document-parts");
  return (
    <div className="grid gap-3">
      <Link
        href={paths.document.getHref(documentId)}
        className="text-sm text-muted-foreground hover:text-foreground"
      >
        {t("diffPage.back")}
      </Link>
      <p role="alert" className="text-destructive">
        {message ?? t("diffPage.notComparable")}
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
  const { t } = useTranslation("document-parts");
  return (
    <>
      <Link
        href={paths.document.getHref(documentId)}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        data-testid="link-back"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("diffPage.back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="text-diff-title">
          {title}
        </h1>
        <p className="text-muted-foreground" data-testid="text-diff-versions">
          {t("diffPage.range", { from, to })}
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
    return (
      <NotComparable
        documentId={documentId}
        message={errorMessage(diff.error, i18n.t("document-parts:diffPage.notComparable"))}
      />
    );
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
        <VersionCard side="from" version={older} />
        <VersionCard side="to" version={newer} />
      </div>
      <ChangesSummary stats={diff.data.stats} />
      {diff.data.truncated && diff.data.truncatedReason && (
        <p className="text-sm text-muted-foreground">{diff.data.truncatedReason}</p>
      )}
      <SideBySideDiff
        rows={diff.data.sideBySide}
        fromLabel={i18n.t("document-parts:diffPage.version", { version: from })}
        toLabel={i18n.t("document-parts:diffPage.version", { version: to })}
      />
    </div>
  );
}
