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
import { toast } from "@/hooks/use-toast";
import { updateDocumentInputSchema, useUpdateDocument } from "@/lib/api/update-document";
import { parseTags } from "@/lib/tags";
import { useUser } from "@/lib/auth";
import { abilityPhrase, actionErrorMessage } from "@/lib/forbidden";
import { i18n } from "@/lib/i18n";
import { MetadataFields, type MetadataDraft } from "./metadata-fields";
import "@/components/document-parts-locale";

/**
 * What is wrong with the form, in the interface's language: the schema's own messages are English
 * (the server's), so the field and the kind of problem choose the words.
 */
function issueText(issue: { path: PropertyKey[]; code: string } | undefined): string {
  const [field, item] = issue?.path ?? [];
  const tooBig = issue?.code === "too_big";
  if (field === "title")
    return i18n.t(tooBig ? "document-parts:metadata.titleTooLong" : "document-parts:metadata.titleRequired");
  if (field === "tags" && tooBig)
    return i18n.t(
      item === undefined ? "document-parts:metadata.tooManyTags" : "document-parts:metadata.tagTooLong",
    );
  return i18n.t("document-parts:metadata.check");
}

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
      setError(issueText(parsed.error.issues[0]));
      return;
    }
    setError(null);
    // mutateAsync: a new category can take the card (and this dialog) off a category page
    // before mutate's own callbacks would run.
    update.mutateAsync({ id: document.id, data: parsed.data }).then(
      (saved) => {
        toast({
          title: i18n.t("document-parts:metadata.updated"),
          description: i18n.t("document-parts:metadata.saved", { title: saved.title }),
        });
        onSaved();
      },
      (err: unknown) =>
        setError(
          actionErrorMessage(err, {
            role: user?.role,
            doing: abilityPhrase("editMetadata"),
            fallback: i18n.t("document-parts:metadata.failed"),
          }),
        ),
    );
  }

  return { draft, change, error, submit, saving: update.isPending };
}

/** Edit Metadata: title, category and tags, saved with PATCH /api/documents/{id}. */
export function EditMetadataDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation("document-parts");
  const { draft, change, error, submit, saving } = useMetadataForm(document, onClose);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-edit-metadata" closeLabel={t("dialogClose")}>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t("metadata.dialogTitle")}</DialogTitle>
            <DialogDescription>{t("metadata.description")}</DialogDescription>
          </DialogHeader>
          <MetadataFields draft={draft} onChange={change} />
          {error && (
            <p role="alert" className="text-sm text-destructive" data-testid="text-metadata-error">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("metadata.cancel")}
            </Button>
            <Button type="submit" disabled={saving} data-testid="button-save-metadata">
              {saving ? t("metadata.saving") : t("metadata.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
