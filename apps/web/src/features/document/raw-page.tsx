import { ArrowLeft, Download } from "lucide-react";
import { Link, useParams } from "wouter";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { errorMessage, errorStatus } from "@/lib/api-client";
import { useDocument } from "@/lib/api/document";
import { DocumentNotFound } from "./components/document-not-found";
import { saveTextFile, textFileName } from "./lib/download";

/** Seed §2 Raw page: the current version's text exactly as stored, in monospace. */
export function RawPage() {
  const { id = "" } = useParams<{ id: string }>();
  const document = useDocument(id);

  if (document.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading document">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (document.isError) {
    if (errorStatus(document.error) === 404) return <DocumentNotFound />;
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(document.error)}
      </p>
    );
  }
  const doc = document.data;
  return (
    <div className="grid gap-4" data-testid="raw-page">
      <Link
        href={paths.document.getHref(doc.id)}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to document
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="text-raw-title">
            {doc.title} (Original Format)
          </h1>
          <p className="text-sm text-muted-foreground" data-testid="text-version-count">
            {doc.versionCount} {doc.versionCount === 1 ? "version" : "versions"}
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => saveTextFile(textFileName(doc.title, "_raw"), doc.currentVersion.content)}
          data-testid="button-download-raw"
        >
          <Download aria-hidden="true" />
          Download Raw
        </Button>
      </div>
      <pre
        className="overflow-x-auto rounded-lg border bg-muted/40 p-4 font-mono text-sm break-words whitespace-pre-wrap"
        tabIndex={0}
        aria-label={`Raw content of ${doc.title}`}
        data-testid="text-raw-content"
      >
        {doc.currentVersion.content}
      </pre>
    </div>
  );
}
