import { useState, type FormEvent } from "react";
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
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCreateVersion } from "../api/create-version";
import { i18n } from "@/lib/i18n";
import "../locale";

/** Seed §9: pdf, docx, txt and md, up to 10MB (the server enforces both). */
export const ACCEPTED_TYPES = ".pdf,.docx,.txt,.md";

function useUploadVersion(document: Document, onClose: () => void) {
  const [file, setFile] = useState<File | null>(null);
  const [changeNote, setChangeNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const upload = useCreateVersion(document.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(i18n.t("document:uploadVersion.chooseFile"));
      return;
    }
    setError(null);
    upload.mutate(
      { file, changeNote, expectedVersion: document.currentVersionNumber },
      {
        onSuccess: (saved) => {
          toast({
            title: i18n.t("document:uploadVersion.uploaded"),
            description: i18n.t("document:uploadVersion.processing", {
              version: saved.currentVersionNumber,
              title: saved.title,
            }),
          });
          onClose();
        },
        onError: (err) => setError(errorMessage(err, i18n.t("document:uploadVersion.failed"))),
      },
    );
  }

  return { file, setFile, changeNote, setChangeNote, error, submit, uploading: upload.isPending };
}

/** Upload a new version: a file and a change note, sent as multipart with `expectedVersion`. */
export function UploadVersionDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("document");
  const { file, setFile, changeNote, setChangeNote, error, submit, uploading } = useUploadVersion(
    document,
    onClose,
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-upload-version" closeLabel={t("dialogClose")}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("uploadVersion.title")}</DialogTitle>
            <DialogDescription>
              {t("uploadVersion.description", {
                version: document.currentVersionNumber + 1,
                title: document.title,
              })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="upload-version-file">{t("uploadVersion.file")}</Label>
            <Input
              id="upload-version-file"
              type="file"
              accept={ACCEPTED_TYPES}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="input-version-file"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="upload-version-note">{t("uploadVersion.changeNote")}</Label>
            <Input
              id="upload-version-note"
              value={changeNote}
              maxLength={500}
              onChange={(e) => setChangeNote(e.target.value)}
              data-testid="input-version-change-note"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="text-upload-version-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("uploadVersion.cancel")}
            </Button>
            <Button type="submit" disabled={!file || uploading} data-testid="button-upload-version">
              {uploading ? t("uploadVersion.uploading") : t("uploadVersion.upload")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
