import { useState, type FormEvent } from "react";
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
      setError("Choose a file to upload.");
      return;
    }
    setError(null);
    upload.mutate(
      { file, changeNote, expectedVersion: document.currentVersionNumber },
      {
        onSuccess: (saved) => {
          toast({
            title: "Version uploaded",
            description: `Version ${saved.currentVersionNumber} of ${saved.title} is being processed.`,
          });
          onClose();
        },
        onError: (err) =>
          setError(errorMessage(err, "The new version could not be uploaded. Please try again.")),
      },
    );
  }

  return { file, setFile, changeNote, setChangeNote, error, submit, uploading: upload.isPending };
}

/** Upload a new version: a file and a change note, sent as multipart with `expectedVersion`. */
export function UploadVersionDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { file, setFile, changeNote, setChangeNote, error, submit, uploading } = useUploadVersion(
    document,
    onClose,
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-upload-version">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Upload a New Version</DialogTitle>
            <DialogDescription>
              The file becomes version {document.currentVersionNumber + 1} of &ldquo;{document.title}&rdquo;.
              PDF, DOCX, TXT or MD, up to 10MB.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="upload-version-file">File</Label>
            <Input
              id="upload-version-file"
              type="file"
              accept={ACCEPTED_TYPES}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              data-testid="input-version-file"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="upload-version-note">Change note</Label>
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
              Cancel
            </Button>
            <Button type="submit" disabled={!file || uploading} data-testid="button-upload-version">
              {uploading ? "Uploading..." : "Upload Version"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
