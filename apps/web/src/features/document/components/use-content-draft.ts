import { useState, type FormEvent } from "react";
import type { Document } from "@quire/contracts";
import { toast } from "@/hooks/use-toast";
import { errorMessage, errorStatus } from "@/lib/api-client";
import { useCreateVersion } from "../api/create-version";
import { i18n } from "@/lib/i18n";
import "../locale";

/**
 * The edited text and change note, and saving them as a new version. `baseVersion` is the version
 * the edit started from, sent as `expectedVersion`; it only moves when the person, told of a 409,
 * chooses to save over the newer version (`saveOver`), so a conflict is never overwritten silently.
 */
export function useContentDraft(document: Document, onDone: () => void) {
  const [content, setContent] = useState(document.currentVersion.content);
  const [changeNote, setChangeNote] = useState("");
  const [baseVersion, setBaseVersion] = useState(document.currentVersionNumber);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const save = useCreateVersion(document.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      { content, changeNote, expectedVersion: baseVersion },
      {
        onSuccess: (saved) => {
          toast({
            title: i18n.t("document:editor.saved"),
            description: i18n.t("document:editor.created", {
              version: saved.currentVersionNumber,
              title: saved.title,
            }),
          });
          onDone();
        },
        onError: (err) =>
          setError({
            message: errorMessage(err, i18n.t("document:editor.failed")),
            conflict: errorStatus(err) === 409,
          }),
      },
    );
  }

  function saveOver() {
    setBaseVersion(document.currentVersionNumber);
    setError(null);
  }

  // Offered only once this page's copy of the document has a newer version, so the button can name it.
  const newer =
    error?.conflict && document.currentVersionNumber !== baseVersion ? document.currentVersionNumber : null;

  return {
    content,
    setContent,
    changeNote,
    setChangeNote,
    error,
    newer,
    saving: save.isPending,
    submit,
    saveOver,
  };
}
