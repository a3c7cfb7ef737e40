import { lazy, Suspense, useRef, useState } from "react";
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

/** Seed §6: Submit for Review shows on Draft documents only (and with approval workflows on). */
const maySubmit = (document: Document) => document.abilities.submitForReview && document.status === "Draft";

/**
 * The card menu, built from the server's abilities for this user and document: Edit Metadata,
 * Submit for Review (Draft only, the server decides) and Archive. With none allowed there is no
 * menu at all rather than an empty one.
 */
export function DocumentActionsMenu({ document }: { document: Document }) {
  if (document.abilities.update || (document.abilities.archive && !document.archived)) {
    return <ActionsMenu document={document} />;
  }
  // Only here does whether there is a menu depend on the workflow setting, so only such a card
  // reads it (twenty cards watching the settings re-rendered, each, when they arrived).
  if (maySubmit(document)) return <SubmitOnlyMenu document={document} />;
  return null;
}

function SubmitOnlyMenu({ document }: { document: Document }) {
  const features = useFeatures();
  return features.approvalWorkflows ? <ActionsMenu document={document} /> : null;
}

/**
 * The trigger is a plain button until first used: a page of cards would otherwise build a Radix
 * menu per card (providers, a popper, listeners on the document) in its first render. Pressing
 * it (pointer down, or Enter, Space or Arrow Down, as Radix's trigger opens) puts the real menu in
 * its place, open.
 */
function ActionsMenu({ document }: { document: Document }) {
  const { t } = useTranslation("documents");
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [built, setBuilt] = useState(false);
  const [open, setOpen] = useState(false);
  // Radix puts a keyboard user on the first item; its menu was not there yet to see the key.
  const firstItemOnEntry = useRef(false);
  const close = () => setDialog(null);
  const build = (byKeyboard: boolean) => {
    firstItemOnEntry.current = byKeyboard;
    setBuilt(true);
    setOpen(true);
  };
  const label = t("card.actionsFor", { title: document.title });
  const testId = `button-document-menu-${document.id}`;

  return (
    <>
      {built ? (
        // Not modal: a modal menu that opens a dialog would leave pointer events off the page.
        <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={label} data-testid={testId}>
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="end"
            onFocus={(event) => {
              // Radix focuses the menu as it opens; opened from the keyboard, its own trigger
              // would then have gone on to the first item.
              if (event.target !== event.currentTarget || !firstItemOnEntry.current) return;
              firstItemOnEntry.current = false;
              event.currentTarget
                .querySelector<HTMLElement>('[role="menuitem"]')
                ?.focus({ preventScroll: true });
            }}
          >
            <ActionItems document={document} onChoose={setDialog} />
          </DropdownMenuContent>
        </DropdownMenu>
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          data-testid={testId}
          aria-haspopup="menu"
          aria-expanded={false}
          data-state="closed"
          onPointerDown={(event) => {
            // As Radix's trigger: the main button only, and not Ctrl-click (a Mac's right click).
            if (event.button !== 0 || event.ctrlKey) return;
            // Keeps focus off the button (it is about to be replaced) so the menu can take it.
            event.preventDefault();
            build(false);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter" && event.key !== " " && event.key !== "ArrowDown") return;
            event.preventDefault();
            build(true);
          }}
        >
          <MoreVertical aria-hidden="true" />
        </Button>
      )}
      <Suspense fallback={null}>
        {dialog === "edit" && <EditMetadataDialog document={document} onClose={close} />}
        {dialog === "submit" && <SubmitReviewDialog document={document} onClose={close} />}
        {dialog === "archive" && <ArchiveDialog document={document} onClose={close} />}
      </Suspense>
    </>
  );
}

/** The items, rendered only while the menu is open. */
function ActionItems({ document, onChoose }: { document: Document; onChoose(dialog: OpenDialog): void }) {
  const { t } = useTranslation("documents");
  const features = useFeatures();
  const canEdit = document.abilities.update;
  const canSubmit = maySubmit(document) && features.approvalWorkflows;
  const canArchive = document.abilities.archive && !document.archived;
  return (
    <>
      {canEdit && (
        <DropdownMenuItem onSelect={() => onChoose("edit")} data-testid="menu-edit-metadata">
          <Pencil aria-hidden="true" />
          {t("card.editMetadata")}
        </DropdownMenuItem>
      )}
      {canSubmit && (
        <DropdownMenuItem onSelect={() => onChoose("submit")} data-testid="menu-submit-review">
          <Send aria-hidden="true" />
          {t("card.submitForReview")}
        </DropdownMenuItem>
      )}
      {canArchive && (
        <DropdownMenuItem onSelect={() => onChoose("archive")} data-testid="menu-archive">
          <Archive aria-hidden="true" />
          {t("card.archive")}
        </DropdownMenuItem>
      )}
    </>
  );
}
