import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Document } from "@quire/contracts";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { useDocumentVersions } from "@/lib/api/document-versions";
import { useLocationHash, useScrollToAnchor } from "../hooks/use-location-hash";
import { documentOutline, passageFromHash, passageLines } from "../lib/anchors";
import { ContentEditor } from "./content-editor";
import { MarkdownContent } from "./markdown-content";
import "../locale";

/** The element id a location hash names ("#section-%D0%BE%D0%B1%D0%B7%D0%BE%D1%80" → "section-обзор"). */
function anchorFromHash(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null; // a malformed %-escape names nothing
  }
}

/**
 * The text with its anchors: heading ids always; passage anchors and the highlight when the
 * location names a passage (`#passage-3`, from a search result or a citation), which is then
 * scrolled into view like a heading's `#section-…`.
 */
function AnchoredContent({ content }: { content: string }) {
  const hash = useLocationHash();
  const target = passageFromHash(hash);
  const headingIds = useMemo(
    () => new Map(documentOutline(content).map((entry) => [entry.line, entry.id])),
    [content],
  );
  // Cutting into passages is only needed when one is asked for.
  const passages = useMemo(() => (target === null ? null : passageLines(content)), [content, target]);
  const anchors = useMemo(
    () => ({ headingIds, passages, highlight: target }),
    [headingIds, passages, target],
  );
  useScrollToAnchor(anchorFromHash(hash));
  return <MarkdownContent content={content} anchors={anchors} data-testid="document-content" />;
}

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
  const { t } = useTranslation("document");
  const versions = useDocumentVersions(document.id);
  if (versions.isPending) return <ContentSkeleton label={t("content.loadingVersion", { version })} />;
  const found = versions.data?.find((v) => v.version === version);
  return (
    <div className="grid gap-4">
      <p className="rounded-md border bg-muted/50 p-3 text-sm" data-testid="text-viewing-version">
        {found ? t("content.viewing", { version }) : t("content.noSuchVersion", { version })}{" "}
        <Link href={paths.document.getHref(document.id)} className="font-medium text-primary underline">
          {t("content.viewCurrent", { version: document.currentVersionNumber })}
        </Link>
      </p>
      {found && <AnchoredContent content={found.content} />}
    </div>
  );
}

export function ContentTab({
  document,
  version,
  editing,
  onStopEditing,
  onUploadVersion,
}: {
  document: Document;
  version: number | null;
  editing: boolean;
  onStopEditing: () => void;
  onUploadVersion: () => void;
}) {
  const { t } = useTranslation("document");
  if (editing)
    return <ContentEditor document={document} onDone={onStopEditing} onUploadVersion={onUploadVersion} />;
  if (version !== null && version !== document.currentVersionNumber) {
    return <OlderVersion document={document} version={version} />;
  }
  if (document.processing.state === "processing" && document.currentVersion.content === "") {
    return <ContentSkeleton label={t("content.extracting")} />;
  }
  if (document.currentVersion.content.trim() === "") {
    return <p className="text-muted-foreground">{t("content.noText")}</p>;
  }
  return <AnchoredContent content={document.currentVersion.content} />;
}
