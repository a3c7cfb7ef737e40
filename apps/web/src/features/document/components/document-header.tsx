import {
  ChevronDown,
  Download,
  FileCode,
  FileDown,
  FilePen,
  FileText,
  FileUp,
  Pencil,
  Send,
  Share2,
  Tags,
} from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Document } from "@quire/contracts";
import { DocumentThumbnail } from "@/components/documents/document-thumbnail";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { paths } from "@/config/paths";
import { useFeatures } from "@/lib/api/settings";
import { exportedText, originalUrl, saveTextFile, textFileName, wordUrl } from "../lib/download";
import { originalFormat } from "../lib/original-format";
import { formatDate } from "@/lib/format";
import "../locale";
import "@/components/locale";

export type DocumentDialog = "submit" | "metadata" | "upload" | "share";

/** Title, status, category, owner and updated date, then the seed's buttons. */
export function DocumentHeader({
  document,
  onOpenDialog,
  onEditContent,
}: {
  document: Document;
  onOpenDialog: (dialog: DocumentDialog) => void;
  onEditContent: () => void;
}) {
  const { t } = useTranslation("document");
  const { abilities } = document;
  const features = useFeatures();
  const format = originalFormat(document.mediaType, document.originalFilename);
  return (
    <header className="grid gap-4">
      <DocumentTitleBlock document={document} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => saveTextFile(textFileName(document.title), exportedText(document))}
          title={t("header.downloadTitle")}
          data-testid="button-download"
        >
          <Download aria-hidden="true" />
          {t("header.download")}
        </Button>
        <Button variant="outline" size="sm" asChild>
          <a
            href={originalUrl(document.id, document.currentVersionNumber)}
            download
            data-testid="button-download-original"
          >
            <FileDown aria-hidden="true" />
            {t("header.downloadOriginal", { format: format.label })}
          </a>
        </Button>
        {format.kind !== "docx" && (
          <Button variant="outline" size="sm" asChild>
            <a
              href={wordUrl(document.id, document.currentVersionNumber)}
              download
              title={t("header.downloadWordTitle")}
              data-testid="button-download-word"
            >
              <FileText aria-hidden="true" />
              {t("header.downloadWord")}
            </a>
          </Button>
        )}
        <Button variant="outline" size="sm" asChild>
          <Link href={paths.raw.getHref(document.id)} data-testid="button-view-original">
            <FileCode aria-hidden="true" />
            {t("header.viewOriginal")}
          </Link>
        </Button>
        {abilities.submitForReview && features.approvalWorkflows && (
          <Button size="sm" onClick={() => onOpenDialog("submit")} data-testid="button-submit-review">
            <Send aria-hidden="true" />
            {t("header.submitForReview")}
          </Button>
        )}
        {(abilities.update || abilities.createVersion) && (
          <EditMenu
            abilities={abilities}
            uploadFirst={format.kind === "docx" || format.kind === "pdf"}
            onOpenDialog={onOpenDialog}
            onEditContent={onEditContent}
          />
        )}
        <Button variant="outline" size="sm" onClick={() => onOpenDialog("share")} data-testid="button-share">
          <Share2 aria-hidden="true" />
          {t("header.share")}
        </Button>
      </div>
    </header>
  );
}

/** The first page, small; beside it title and status, then category, owner, last update, the detected language and tags. */
function DocumentTitleBlock({ document }: { document: Document }) {
  return (
    <div className="flex items-start gap-3 sm:gap-4">
      <DocumentThumbnail document={document} className="w-14 sm:w-20" testId="thumbnail-document" />
      <TitleFacts document={document} />
    </div>
  );
}

function TitleFacts({ document }: { document: Document }) {
  const { t, i18n } = useTranslation(["document", "shared"]);
  // A code this release does not name is shown as stored.
  const language =
    document.language && i18n.exists(`shared:documentLanguages.${document.language}`)
      ? t(`shared:documentLanguages.${document.language as "eng"}`)
      : document.language;
  return (
    <div className="grid min-w-0 flex-1 gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1
          className="min-w-0 text-2xl font-bold tracking-tight break-words"
          data-testid="text-document-title"
        >
          {document.title}
        </h1>
        <StatusBadge status={document.status} data-testid="badge-status" />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span data-testid="text-category">{document.category.name}</span>
        <span data-testid="text-owner">{t("header.owner", { owner: document.owner })}</span>
        <span data-testid="text-updated">
          {t("header.updated", { date: formatDate(document.updatedAt) })}
        </span>
        {document.language && <span data-testid="text-language">{t("header.language", { language })}</span>}
      </p>
      {document.tags.length > 0 && (
        <ul className="flex min-w-0 flex-wrap gap-1" aria-label={t("header.tags")}>
          {document.tags.map((tag) => (
            <li
              key={tag}
              title={tag}
              className="max-w-full truncate rounded-md bg-muted px-2 py-0.5 text-xs text-muted-foreground"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Edit: metadata (who may update), the content and a new file (who may add versions). For a Word or
 * PDF document a new file comes before editing the text, which its own program does better.
 */
function EditMenu({
  abilities,
  uploadFirst,
  onOpenDialog,
  onEditContent,
}: {
  abilities: Document["abilities"];
  uploadFirst: boolean;
  onOpenDialog: (dialog: DocumentDialog) => void;
  onEditContent: () => void;
}) {
  const { t } = useTranslation("document");
  const editChosen = useRef(false);
  const upload = (
    <DropdownMenuItem onSelect={() => onOpenDialog("upload")} data-testid="menu-upload-version">
      <FileUp aria-hidden="true" />
      {t("header.uploadVersion")}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="button-edit">
          <Pencil aria-hidden="true" />
          {t("header.edit")}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        // Choosing Edit content moves the reader to the editor; focus must not jump back to the menu's button.
        onCloseAutoFocus={(event) => {
          if (!editChosen.current) return;
          editChosen.current = false;
          event.preventDefault();
        }}
      >
        {abilities.update && (
          <DropdownMenuItem onSelect={() => onOpenDialog("metadata")} data-testid="menu-edit-metadata">
            <Tags aria-hidden="true" />
            {t("header.editMetadata")}
          </DropdownMenuItem>
        )}
        {abilities.createVersion && uploadFirst && upload}
        {abilities.createVersion && (
          <DropdownMenuItem
            onSelect={() => {
              editChosen.current = true;
              onEditContent();
            }}
            data-testid="menu-edit-content"
          >
            <FilePen aria-hidden="true" />
            {t("header.editContent")}
          </DropdownMenuItem>
        )}
        {abilities.createVersion && !uploadFirst && upload}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
