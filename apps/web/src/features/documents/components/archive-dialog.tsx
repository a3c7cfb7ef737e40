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
import { actionErrorMessage } from "@/lib/forbidden";

/** Asks before archiving: the document leaves the lists (its owner and Admins can still open it). */
export function ArchiveDialog({ document, onClose }: { document: Document; onClose: () => void }) {
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
        title: "Archive failed",
        description: actionErrorMessage(error, {
          role: user?.role,
          doing: "archive this document",
          fallback: "There was an error archiving the document.",
        }),
      });
      return;
    }
    toast({ title: "Document archived", description: `${document.title} has been archived.` });
    onClose();
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-archive">
        <DialogHeader>
          <DialogTitle>Archive document?</DialogTitle>
          <DialogDescription>
            &ldquo;{document.title}&rdquo; will no longer appear in lists or search. Its versions and original
            file are kept.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            onClick={() => void confirm()}
            disabled={archive.isPending}
            data-testid="button-confirm-archive"
          >
            {archive.isPending ? "Archiving..." : "Archive"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
