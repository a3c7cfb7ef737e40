import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, Info, Maximize2, Printer, Share2 } from "lucide-react";
import { Link, useParams } from "wouter";
import type { Document } from "@quire/contracts";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { paths } from "@/config/paths";
import { useDocument } from "@/lib/api/document";
import "./clean-print.css";
import { DocumentLoadError, DocumentTextSkeleton } from "@/components/documents/document-states";
import { MarkdownContent } from "./components/markdown-content";
import { PdfViewer } from "./components/pdf-viewer";
import { useCopyLink } from "./hooks/use-copy-link";
import { contentKind } from "./lib/content-kind";
import { controlledCopy, originalUrl } from "./lib/download";
import { originalFormat } from "./lib/original-format";
import { formatDate, formatDateTime } from "@/lib/format";
import "./locale";

function DocumentBody({ document }: { document: Document }) {
  const content = document.currentVersion.content;
  const kind = contentKind(document.mediaType, document.originalFilename || document.title, content);
  const markdown = <MarkdownContent content={content} data-testid="clean-content" />;
  if (kind === "pdf") {
    return (
      <PdfViewer
        url={originalUrl(document.id, document.currentVersionNumber, "view")}
        title={document.title}
        fallback={markdown}
      />
    );
  }
  if (kind === "markdown") return markdown;
  return (
    <pre className="font-mono text-sm break-words whitespace-pre-wrap" data-testid="clean-content">
      {content}
    </pre>
  );
}

function DocumentInfo({ document }: { document: Document }) {
  const { t } = useTranslation("document");
  return (
    <dl
      className="grid gap-x-6 gap-y-2 rounded-md border p-4 text-sm sm:grid-cols-2"
      data-testid="clean-info"
    >
      <div>
        <dt className="text-muted-foreground">{t("clean.owner")}</dt>
        <dd>{document.owner}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t("clean.status")}</dt>
        <dd>
          <StatusBadge status={document.status} />
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t("clean.lastUpdated")}</dt>
        <dd>{formatDateTime(document.updatedAt)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{t("clean.category")}</dt>
        <dd>{document.category.name}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-muted-foreground">{t("clean.tags")}</dt>
        <dd>{document.tags.length > 0 ? document.tags.join(", ") : t("clean.noTags")}</dd>
      </div>
    </dl>
  );
}

function CleanToolbar({
  doc,
  permalink,
  showInfo,
  onToggleInfo,
}: {
  doc: Document;
  permalink: string;
  showInfo: boolean;
  onToggleInfo: () => void;
}) {
  const { t } = useTranslation("document");
  const { copied, copy } = useCopyLink();
  return (
    <div className="flex flex-wrap gap-2" data-print-hide>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={showInfo}
        onClick={onToggleInfo}
        data-testid="button-toggle-info"
      >
        <Info aria-hidden="true" />
        {showInfo ? t("clean.hideInfo") : t("clean.showInfo")}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void copy("permalink", permalink)}
        data-testid="button-clean-share"
      >
        <Share2 aria-hidden="true" />
        {copied === "permalink" ? t("clean.copied") : t("header.share")}
      </Button>
      <Button variant="ghost" size="sm" onClick={() => window.print()} data-testid="button-clean-print">
        <Printer aria-hidden="true" />
        {t("clean.print")}
      </Button>
      <Button variant="ghost" size="sm" asChild>
        <a href={originalUrl(doc.id, doc.currentVersionNumber)} download data-testid="button-clean-download">
          <Download aria-hidden="true" />
          {t("header.downloadOriginal", {
            format: originalFormat(doc.mediaType, doc.originalFilename).label,
          })}
        </a>
      </Button>
    </div>
  );
}

function CleanHeader({ doc, permalink }: { doc: Document; permalink: string }) {
  const { t } = useTranslation("document");
  const [showInfo, setShowInfo] = useState(false);
  return (
    <header className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1
            className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
            data-testid="text-clean-title"
          >
            {doc.title}
          </h1>
          <p className="text-sm text-muted-foreground" data-testid="text-clean-subtitle">
            {t("clean.subtitle", { version: doc.currentVersionNumber })}
          </p>
          {/* The stamp is the one exported files carry, in their words. */}
          {controlledCopy(doc) && (
            <p className="mt-1 text-sm font-medium" data-testid="text-controlled-copy">
              {controlledCopy(doc)}
            </p>
          )}
        </div>
        <Button variant="outline" size="sm" asChild data-print-hide>
          <Link href={paths.document.getHref(doc.id)} data-testid="link-full-view">
            <Maximize2 aria-hidden="true" />
            {t("clean.fullView")}
          </Link>
        </Button>
      </div>
      <CleanToolbar
        doc={doc}
        permalink={permalink}
        showInfo={showInfo}
        onToggleInfo={() => setShowInfo(!showInfo)}
      />
      {showInfo && <DocumentInfo document={doc} />}
    </header>
  );
}

function CleanFooter({ doc, permalink }: { doc: Document; permalink: string }) {
  const { t } = useTranslation("document");
  return (
    <footer className="grid gap-1 text-sm text-muted-foreground">
      <p>
        {t("clean.permalink")}{" "}
        <a
          href={permalink}
          className="break-all text-primary underline-offset-4 hover:underline"
          data-testid="link-permalink"
        >
          {permalink}
        </a>
      </p>
      <p data-testid="text-last-updated">
        {t("clean.lastUpdatedBy", { date: formatDate(doc.updatedAt), owner: doc.owner })}
      </p>
    </footer>
  );
}

/** Seed §2 Clean reading view (/doc/{id} and /clean/{id}). */
export function CleanPage() {
  const { id = "" } = useParams<{ id: string }>();
  const { t } = useTranslation("document");
  const document = useDocument(id);

  if (document.isPending) return <DocumentTextSkeleton className="mx-auto grid max-w-3xl gap-4" />;
  if (document.isError)
    return (
      <DocumentLoadError
        error={document.error}
        notFoundMessage={t("clean.notFound")}
        onRetry={() => void document.refetch()}
      />
    );
  const doc = document.data;
  const permalink = `${window.location.origin}${paths.doc.getHref(doc.id)}`;

  // grid-cols-1 (minmax(0, 1fr)): an implicit column grows to its widest code block, and the
  // API reference's made the whole page 637 px wide on a 390 px phone.
  return (
    <article className="mx-auto grid max-w-3xl grid-cols-1 gap-6" data-print-root data-testid="clean-page">
      <CleanHeader doc={doc} permalink={permalink} />
      <Separator />
      <DocumentBody document={doc} />
      <Separator />
      <CleanFooter doc={doc} permalink={permalink} />
    </article>
  );
}
