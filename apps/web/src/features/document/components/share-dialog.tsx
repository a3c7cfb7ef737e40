import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DocumentAccessSection } from "./document-access";
import { ShareEmbedLinks } from "./share-embed-links";

export function ShareDialog({
  documentId,
  title,
  version,
  canManageAccess,
  onClose,
}: {
  documentId: string;
  title: string;
  version: number;
  /** From the document's abilities: its owner and Admins see and change who has access. */
  canManageAccess: boolean;
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
        {canManageAccess && <DocumentAccessSection documentId={documentId} />}
      </DialogContent>
    </Dialog>
  );
}
