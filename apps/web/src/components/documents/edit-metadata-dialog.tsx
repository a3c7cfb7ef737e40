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
import { toast } from "@/hooks/use-toast";
import { updateDocumentInputSchema, useUpdateDocument } from "@/lib/api/update-document";
import { parseTags } from "@/lib/tags";
import { useUser } from "@/lib/auth";
import { actionErrorMessage } from "@/lib/forbidden";
import { MetadataFields, type MetadataDraft } from "./metadata-fields";

/** The dialog's draft and its save; `onSaved` runs once the server has the new metadata. */
function useMetadataForm(document: Document, onSaved: () => void) {
  const [draft, setDraft] = useState<MetadataDraft>({
    title: document.title,
    categoryId: document.categoryId,
    tagText: document.tags.join(", "),
  });
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateDocument();
  const { data: user } = useUser();
  const change = (changes: Partial<MetadataDraft>) => setDraft((d) => ({ ...d, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const { title, categoryId, tagText } = draft;
    const parsed = updateDocumentInputSchema.safeParse({ title, categoryId, tags: parseTags(tagText) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the fields and try again.");
      return;
    }
    setError(null);
    // mutateAsync: a new category can take the card (and this dialog) off a category page
    // before mutate's own callbacks would run.
    update.mutateAsync({ id: document.id, data: parsed.data }).then(
      (saved) => {
        toast({ title: "Metadata updated", description: `${saved.title} has been saved.` });
        onSaved();
      },
      (err: unknown) =>
        setError(
          actionErrorMessage(err, {
            role: user?.role,
            doing: "edit this document's metadata",
            fallback: "There was an error saving the metadata.",
          }),
        ),
    );
  }

  return { draft, change, error, submit, saving: update.isPending };
}

/** Edit Metadata: title, category and tags, saved with PATCH /api/documents/{id}. */
export function EditMetadataDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { draft, change, error, submit, saving } = useMetadataForm(document, onClose);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-edit-metadata">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Metadata</DialogTitle>
            <DialogDescription>Change the title, category and tags of this document.</DialogDescription>
          </DialogHeader>
          <MetadataFields draft={draft} onChange={change} />
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="text-metadata-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving} data-testid="button-save-metadata">
              {saving ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
