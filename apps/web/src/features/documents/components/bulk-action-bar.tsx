import { Fragment, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, Download, X } from "lucide-react";
import { BULK_MAX_DOCUMENTS } from "@quire/contracts/document-values";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useAbilities } from "@/lib/auth";
import { useFeatures } from "@/lib/api/settings";
import { downloadOriginals } from "../api/bulk-actions";
import type { BulkSelectionState, Picked } from "../hooks/use-bulk-selection";
import type * as BulkDialog from "./bulk-action-dialog";
import "../locale";

const number = formatCount;

// The dialog's forms (selects, people, tags) load once documents are selected, not with the list.
let dialogModule: Promise<typeof BulkDialog> | null = null;
const loadDialog = () => (dialogModule ??= import("./bulk-action-dialog"));
const BulkActionDialog = lazy(async () => ({ default: (await loadDialog()).BulkActionDialog }));

/**
 * Above the list: "Select this page", and once the page is selected, every document that matches
 * the filter (the server resolves the filter itself), up to what one bulk request takes.
 */
export function BulkSelectHeader({
  selection,
  page,
  total,
}: {
  selection: BulkSelectionState;
  page: readonly Picked[];
  total: number;
}) {
  const { t } = useTranslation("documents");
  if (page.length === 0) return null;
  const pageSelected = selection.pageSelected(page);
  const more = total > page.length && pageSelected && !selection.allMatching;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="bulk-select-header">
      <div className="flex items-center gap-2">
        <Checkbox
          id="bulk-select-page"
          checked={pageSelected}
          onCheckedChange={(checked) => selection.togglePage(page, checked === true)}
          className="size-5 sm:size-4"
          data-testid="checkbox-select-page"
        />
        <Label htmlFor="bulk-select-page" className="font-normal">
          {t("bulk.selectPage")}
        </Label>
      </div>
      {more &&
        (total <= BULK_MAX_DOCUMENTS ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => selection.selectAllMatching(total)}
            data-testid="button-select-all-matching"
          >
            {t("bulk.selectAllMatching", { n: number(total) })}
          </Button>
        ) : (
          <span className="text-muted-foreground" data-testid="bulk-too-many">
            {t("bulk.tooMany", { n: number(total), max: number(BULK_MAX_DOCUMENTS) })}
          </span>
        ))}
      {selection.allMatching && (
        <span data-testid="bulk-all-matching">{t("bulk.allMatching", { n: number(total) })}</span>
      )}
    </div>
  );
}

/** Saves the zip the browser received under the server's file name. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The bar that appears while documents are selected: how many, what can be done with them (the
 * changes only for those whose role may make them; each document is still checked by the server),
 * a zip of their originals, and Clear. Fixed to the bottom, above the footer, at every width.
 */
export function BulkActionBar({ selection }: { selection: BulkSelectionState }) {
  const { t } = useTranslation("documents");
  const abilities = useAbilities();
  const features = useFeatures();
  const [open, setOpen] = useState<BulkDialog.BulkActionName | null>(null);
  const [downloading, setDownloading] = useState(false);
  const selected = selection.count > 0;
  // Fetched while the person picks an action, so the dialog opens without a wait.
  useEffect(() => {
    if (selected && abilities.bulkEditDocuments) void loadDialog();
  }, [selected, abilities.bulkEditDocuments]);
  if (!selected && open === null) return null;

  const actions: BulkDialog.BulkActionName[] = abilities.bulkEditDocuments
    ? [
        "setCategory",
        "addTags",
        "removeTags",
        "setOwner",
        ...(features.approvalWorkflows ? (["submitForReview"] as const) : []),
        "archive",
      ]
    : [];

  async function download() {
    setDownloading(true);
    try {
      const zip = await downloadOriginals(selection.request());
      save(zip.blob, zip.filename);
      toast({
        title: t("bulk.downloaded", { count: zip.included, n: number(zip.included) }),
        ...(zip.refused > 0
          ? { description: t("bulk.leftOut", { count: zip.refused, n: number(zip.refused) }) }
          : {}),
      });
    } catch (error) {
      toast({ variant: "destructive", title: t("bulk.downloadFailed"), description: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      {selection.count > 0 && (
        <div
          role="region"
          aria-label={t("bulk.region")}
          className="fixed inset-x-0 bottom-8 z-30 border-t bg-background/95 px-4 py-3 shadow-lg backdrop-blur"
          data-testid="bulk-action-bar"
        >
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2">
            <p className="mr-auto text-sm font-medium" data-testid="bulk-selected-count" aria-live="polite">
              {t("bulk.selected", { n: number(selection.count) })}
            </p>
            {actions.length > 0 && (
              <DropdownMenu modal={false}>
                <DropdownMenuTrigger asChild>
                  <Button size="sm" data-testid="button-bulk-actions">
                    {t("bulk.actions")}
                    <ChevronDown aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {actions.map((action) => (
                    <Fragment key={action}>
                      {action === "archive" && <DropdownMenuSeparator />}
                      <DropdownMenuItem onSelect={() => setOpen(action)} data-testid={`menu-bulk-${action}`}>
                        {t(`bulk.labels.${action}.menu`)}
                      </DropdownMenuItem>
                    </Fragment>
                  ))}
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            <Button
              size="sm"
              variant="outline"
              onClick={() => void download()}
              disabled={downloading}
              data-testid="button-bulk-download"
            >
              <Download aria-hidden="true" />
              {downloading ? t("bulk.preparing") : t("bulk.download")}
            </Button>
            <Button size="sm" variant="ghost" onClick={selection.clear} data-testid="button-bulk-clear">
              <X aria-hidden="true" />
              {t("bulk.clear")}
            </Button>
          </div>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <BulkActionDialog
            action={open}
            count={selection.count}
            selection={selection.request()}
            onClose={() => setOpen(null)}
            onDone={selection.clear}
          />
        </Suspense>
      )}
    </>
  );
}
