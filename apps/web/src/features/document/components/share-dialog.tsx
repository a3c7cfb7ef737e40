import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ShareEmbedLinks } from "./share-embed-links";

export function ShareDialog({
  documentId,
  title,
  version,
  onClose,
}: {
  documentId: string;
  title: string;
  version: number;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-share">
        <DialogHeader>
          <DialogTitle>Share &amp; Embed</DialogTitle>
          <DialogDescription>Links to &ldquo;{title}&rdquo; for people who may see it.</DialogDescription>
        </DialogHeader>
        <ShareEmbedLinks documentId={documentId} version={version} idPrefix="share-dialog" />
      </DialogContent>
    </Dialog>
  );
}
