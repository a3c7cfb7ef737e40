import { Link } from "wouter";
import type { Document } from "@quire/contracts";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useDocumentVersions } from "@/lib/api/document-versions";
import { ContentEditor } from "./content-editor";
import { MarkdownContent } from "./markdown-content";

function ContentSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}

/** An older version, reached by the version link /document/{id}?v={version}. */
function OlderVersion({ document, version }: { document: Document; version: number }) {
  const versions = useDocumentVersions(document.id);
  if (versions.isPending) return <ContentSkeleton label={`Loading version ${version}`} />;
  const found = versions.data?.find((v) => v.version === version);
  return (
    <div className="grid gap-4">
      <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="text-viewing-version">
        {found ? `You are viewing version ${version}.` : `Version ${version} does not exist.`}{" "}
        <Link href={paths.document.getHref(document.id)} className="font-medium text-primary underline">
          View the current version ({document.currentVersionNumber})
        </Link>
      </p>
      {found && <MarkdownContent content={found.content} data-testid="document-content" />}
    </div>
  );
}

export function ContentTab({
  document,
  version,
  editing,
  onStopEditing,
}: {
  document: Document;
  version: number | null;
  editing: boolean;
  onStopEditing: () => void;
}) {
  if (editing) return <ContentEditor document={document} onDone={onStopEditing} />;
  if (version !== null && version !== document.currentVersionNumber) {
    return <OlderVersion document={document} version={version} />;
  }
  if (document.processing.state === "processing" && document.currentVersion.content === "") {
    return <ContentSkeleton label="Extracting text" />;
  }
  if (document.currentVersion.content.trim() === "") {
    return <p className="text-muted-foreground">This version has no text.</p>;
  }
  return <MarkdownContent content={document.currentVersion.content} data-testid="document-content" />;
}
