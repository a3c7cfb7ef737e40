import { useTranslation } from "react-i18next";
import type { Document } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { useArchiveDocument } from "@/features/documents/api/archive-document";
import { useUser } from "@/lib/auth";
import { abilityPhrase, actionErrorMessage } from "@/lib/forbidden";
import "../locale";

/** Asks before archiving: the document leaves the lists (its owner and Admins can still open it). */
export function ArchiveDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("documents");
  const archive = useArchiveDocument();
  const { data: user } = useUser();
  // mutateAsync, not mutate's callbacks: the list refetch can unmount this dialog (its card
  // leaves the list) before they would run, and the toast would never show.
  async function confirm() {
    try {
      await archive.mutateAsync(document.id);
    } catch (error) {
      toast({
        variant: "destructive",
        title: t("archive.failed"),
        description: actionErrorMessage(error, {
          role: user?.role,
          doing: abilityPhrase("archiveDocument"),
          fallback: t("archive.failedFallback"),
        }),
      });
      return;
    }
    toast({ title: t("archive.done"), description: t("archive.doneDescription", { title: document.title }) });
    onClose();
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-archive">
        <DialogHeader>
          <DialogTitle>{t("archive.title")}</DialogTitle>
          <DialogDescription>{t("archive.description", { title: document.title })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("archive.cancel")}
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={() => void confirm()}
            disabled={archive.isPending}
            data-testid="button-confirm-archive"
          >
            {archive.isPending ? t("archive.archiving") : t("archive.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
