import { ArrowLeft, Download, FileDown } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { apiFetchBytes, errorMessage } from "@/lib/api-client";
import { documentKeys } from "@/lib/query-keys";
import { useDocument } from "@/lib/api/document";
import { DocumentLoadError, DocumentTextSkeleton } from "@/components/documents/document-states";
import { PdfViewer } from "./components/pdf-viewer";
import { exportedText, originalUrl, saveTextFile, textFileName } from "./lib/download";
import { originalFormat, type OriginalFormat } from "./lib/original-format";
import { formatCount } from "@/lib/format";
import "./locale";

const preClass =
  "overflow-x-auto rounded-lg border bg-muted/40 p-4 font-mono text-sm break-words whitespace-pre-wrap";

/** The original file's bytes read as UTF-8 text (only for text originals: markdown and TXT). */
function useOriginalText(url: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.original(url),
    enabled,
    queryFn: async () => {
      return new TextDecoder("utf-8").decode(await apiFetchBytes(url));
    },
  });
}

function ConvertedText({ document, label }: { document: Document; label: string }) {
  return (
    <pre className={preClass} tabIndex={0} aria-label={label} data-testid="text-raw-content">
      {document.currentVersion.content}
    </pre>
  );
}

/**
 * The original as uploaded: a PDF drawn page by page, a text or markdown file's own bytes; a Word
 * file cannot be drawn by a browser, so it says so, offers the file and shows the converted text.
 */
function OriginalBody({ document, format }: { document: Document; format: OriginalFormat }) {
  const { t } = useTranslation("document");
  const url = originalUrl(document.id, document.currentVersionNumber, "view");
  const textual = format.kind === "markdown" || format.kind === "text";
  const original = useOriginalText(url, textual);
  if (format.kind === "pdf") {
    return (
      <PdfViewer
        url={url}
        title={document.title}
        fallback={<ConvertedText document={document} label={t("raw.extracted", { title: document.title })} />}
      />
    );
  }
  if (textual) {
    if (original.isPending) return <Skeleton className="h-96 w-full" />;
    if (original.isError) {
      return (
        <div className="grid gap-3">
          <p role="alert" className="text-sm text-muted-foreground" data-testid="text-original-unavailable">
            {t("raw.unavailable", { reason: errorMessage(original.error) })}
          </p>
          <ConvertedText document={document} label={t("raw.stored", { title: document.title })} />
        </div>
      );
    }
    return (
      <pre
        className={preClass}
        tabIndex={0}
        aria-label={t("raw.originalFile", { title: document.title })}
        data-testid="text-raw-content"
      >
        {original.data}
      </pre>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="text-original-not-viewable">
        {t("raw.notViewable", { format: format.label, file: document.originalFilename })}
      </p>
      <ConvertedText document={document} label={t("raw.converted", { title: document.title })} />
    </div>
  );
}

function RawDownloads({ doc, format }: { doc: Document; format: OriginalFormat }) {
  const { t } = useTranslation("document");
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" asChild>
        <a
          href={originalUrl(doc.id, doc.currentVersionNumber)}
          download
          data-testid="button-raw-download-original"
        >
          <FileDown aria-hidden="true" />
          {t("header.downloadOriginal", { format: format.label })}
        </a>
      </Button>
      <Button
        variant="outline"
        onClick={() => saveTextFile(textFileName(doc.title, "_raw"), exportedText(doc))}
        title={t("header.downloadTitle")}
        data-testid="button-download-raw"
      >
        <Download aria-hidden="true" />
        {t("raw.downloadRaw")}
      </Button>
    </div>
  );
}

function RawHeader({ doc, format }: { doc: Document; format: OriginalFormat }) {
  const { t } = useTranslation("document");
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="text-raw-title">
          {t("raw.title", { title: doc.title })}
        </h1>
        <p className="text-sm text-muted-foreground" data-testid="text-version-count">
          {t("raw.versions", { count: doc.versionCount, n: formatCount(doc.versionCount) })}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="text-original-file">
          {doc.originalFilename} · {format.label}
        </p>
      </div>
      <RawDownloads doc={doc} format={format} />
    </div>
  );
}

/** Seed §2 Raw page: the original format of the current version, with its converted text as the fallback. */
export function RawPage() {
  const { id = "" } = useParams<{ id: string }>();
  const { t } = useTranslation("document");
  const document = useDocument(id);

  if (document.isPending) return <DocumentTextSkeleton />;
  if (document.isError)
    return <DocumentLoadError error={document.error} onRetry={() => void document.refetch()} />;
  const doc = document.data;
  const format = originalFormat(doc.mediaType, doc.originalFilename);
  return (
    <div className="grid gap-4" data-testid="raw-page">
      <Link
        href={paths.document.getHref(doc.id)}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("raw.back")}
      </Link>
      <RawHeader doc={doc} format={format} />
      <OriginalBody document={doc} format={format} />
    </div>
  );
}
