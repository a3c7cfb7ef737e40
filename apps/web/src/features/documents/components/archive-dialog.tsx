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
import { errorMessage } from "@/lib/api-client";
import { useArchiveDocument } from "@/lib/api/archive-document";

/** Asks before archiving: the document leaves the lists (its owner and Admins can still open it). */
export function ArchiveDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const archive = useArchiveDocument();
  function confirm() {
    archive.mutate(document.id, {
      onSuccess: () => {
        toast({ title: "Document archived", description: `${document.title} has been archived.` });
        onClose();
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Archive failed",
          description: errorMessage(error, "There was an error archiving the document."),
        }),
    });
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
            onClick={confirm}
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
