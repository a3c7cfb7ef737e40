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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useCategories } from "@/lib/api/categories";
import { updateDocumentInputSchema, useUpdateDocument } from "@/lib/api/update-document";
import { parseTags } from "@/lib/tags";
import { useUser } from "@/lib/auth";
import { actionErrorMessage } from "@/lib/forbidden";

/** Edit Metadata: title, category and tags, saved with PATCH /api/documents/{id}. */
export function EditMetadataDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const [title, setTitle] = useState(document.title);
  const [categoryId, setCategoryId] = useState(document.categoryId);
  const [tagText, setTagText] = useState(document.tags.join(", "));
  const [error, setError] = useState<string | null>(null);
  const categories = useCategories();
  const update = useUpdateDocument();
  const { data: user } = useUser();

  function submit(event: FormEvent) {
    event.preventDefault();
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
        onClose();
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

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-edit-metadata">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit Metadata</DialogTitle>
            <DialogDescription>Change the title, category and tags of this document.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="metadata-title">Title</Label>
            <Input
              id="metadata-title"
              value={title}
              maxLength={300}
              onChange={(e) => setTitle(e.target.value)}
              data-testid="input-metadata-title"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="metadata-category">Category</Label>
            {categories.isPending ? (
              <Skeleton className="h-9 w-full" />
            ) : (
              <Select value={categoryId} onValueChange={setCategoryId}>
                <SelectTrigger
                  id="metadata-category"
                  className="w-full"
                  data-testid="select-metadata-category"
                >
                  <SelectValue placeholder="Select a category" />
                </SelectTrigger>
                <SelectContent>
                  {(categories.data ?? []).map((c) => (
                    <SelectItem key={c.id} value={c.id}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="metadata-tags">Tags</Label>
            <Input
              id="metadata-tags"
              value={tagText}
              onChange={(e) => setTagText(e.target.value)}
              aria-describedby="metadata-tags-hint"
              data-testid="input-metadata-tags"
            />
            <p id="metadata-tags-hint" className="text-xs text-muted-foreground">
              Separate tags with commas.
            </p>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="text-metadata-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending} data-testid="button-save-metadata">
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
