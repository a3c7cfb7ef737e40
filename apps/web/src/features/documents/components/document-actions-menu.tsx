import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Archive, MoreVertical, Pencil, Send } from "lucide-react";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { useFeatures } from "@/lib/api/settings";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import "../locale";

// Loaded when first opened: a list of cards should not parse three forms it may never show.
const ArchiveDialog = lazy(async () => ({ default: (await import("./archive-dialog")).ArchiveDialog }));
const EditMetadataDialog = lazy(async () => ({
  default: (await import("@/components/documents/edit-metadata-dialog")).EditMetadataDialog,
}));
const SubmitReviewDialog = lazy(async () => ({
  default: (await import("@/components/documents/submit-review-dialog")).SubmitReviewDialog,
}));

type OpenDialog = "edit" | "submit" | "archive" | null;

/**
 * The card menu, built from the server's abilities for this user and document: Edit Metadata,
 * Submit for Review (Draft only, the server decides) and Archive. With none allowed there is no
 * menu at all rather than an empty one.
 */
export function DocumentActionsMenu({ document }: { document: Document }) {
  const { t } = useTranslation("documents");
  const [open, setOpen] = useState<OpenDialog>(null);
  const canEdit = document.abilities.update;
  // Seed §6: Submit for Review shows on Draft documents only.
  const features = useFeatures();
  const canSubmit =
    document.abilities.submitForReview && document.status === "Draft" && features.approvalWorkflows;
  const canArchive = document.abilities.archive && !document.archived;
  if (!canEdit && !canSubmit && !canArchive) return null;
  const close = () => setOpen(null);

  return (
    <>
      {/* Not modal: a modal menu that opens a dialog would leave pointer events off the page. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("card.actionsFor", { title: document.title })}
            data-testid={`button-document-menu-${document.id}`}
          >
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canEdit && (
            <DropdownMenuItem onSelect={() => setOpen("edit")} data-testid="menu-edit-metadata">
              <Pencil aria-hidden="true" />
              {t("card.editMetadata")}
            </DropdownMenuItem>
          )}
          {canSubmit && (
            <DropdownMenuItem onSelect={() => setOpen("submit")} data-testid="menu-submit-review">
              <Send aria-hidden="true" />
              {t("card.submitForReview")}
            </DropdownMenuItem>
          )}
          {canArchive && (
            <DropdownMenuItem onSelect={() => setOpen("archive")} data-testid="menu-archive">
              <Archive aria-hidden="true" />
              {t("card.archive")}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <Suspense fallback={null}>
        {open === "edit" && <EditMetadataDialog document={document} onClose={close} />}
        {open === "submit" && <SubmitReviewDialog document={document} onClose={close} />}
        {open === "archive" && <ArchiveDialog document={document} onClose={close} />}
      </Suspense>
    </>
  );
}
