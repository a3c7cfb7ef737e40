import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DocumentAccessSection } from "./document-access";
import { useTranslation } from "react-i18next";
import { ShareEmbedLinks } from "./share-embed-links";
import "../locale";

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
  const { t } = useTranslation("document");
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-share" closeLabel={t("dialogClose")}>
        <DialogHeader>
          <DialogTitle>{t("share.title")}</DialogTitle>
          <DialogDescription>{t("share.description", { title })}</DialogDescription>
        </DialogHeader>
        <ShareEmbedLinks documentId={documentId} version={version} idPrefix="share-dialog" />
        {canManageAccess && <DocumentAccessSection documentId={documentId} />}
      </DialogContent>
    </Dialog>
  );
}
