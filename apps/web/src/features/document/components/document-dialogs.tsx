import type { Document } from "@quire/contracts";
// The same dialogs serve the All Documents menus; they live with that feature.
import { EditMetadataDialog } from "@/components/documents/edit-metadata-dialog";
import { SubmitReviewDialog } from "@/components/documents/submit-review-dialog";
import type { DocumentDialog } from "./document-header";
import { ShareDialog } from "./share-dialog";
import { UploadVersionDialog } from "./upload-version-dialog";

/** The one dialog the document page has open, if any. */
export function DocumentDialogs({
  document,
  open,
  onClose,
}: {
  document: Document;
  open: DocumentDialog | null;
  onClose: () => void;
}) {
  switch (open) {
    case "submit":
      return <SubmitReviewDialog document={document} onClose={onClose} />;
    case "metadata":
      return <EditMetadataDialog document={document} onClose={onClose} />;
    case "upload":
      return <UploadVersionDialog document={document} onClose={onClose} />;
    case "share":
      return (
        <ShareDialog
          documentId={document.id}
          title={document.title}
          version={document.currentVersionNumber}
          canManageAccess={document.abilities.share}
          onClose={onClose}
        />
      );
    default:
      return null;
  }
}
