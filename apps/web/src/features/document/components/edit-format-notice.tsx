import { useEffect, useRef } from "react";
import { FilePen, FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useReturnFocusOnUnmount } from "@/components/ui/return-focus";
import type { EditOutcome } from "../lib/edit-outcome";
import "../locale";

/**
 * Before editing a Word or PDF document: what the new version will be, with "Upload a new version"
 * offered first, since a file made in its own program keeps what editing the text here cannot.
 */
export function EditFormatChoice({
  outcome,
  onUpload,
  onEdit,
  onCancel,
}: {
  outcome: EditOutcome;
  onUpload: () => void;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("document");
  const upload = useRef<HTMLButtonElement>(null);
  // Cancel gives the focus back to Edit (before the effect below moves it in).
  useReturnFocusOnUnmount();
  // Opened from the Edit menu below the header: bring the choice into view and start on its first offer.
  useEffect(() => {
    upload.current?.scrollIntoView({ block: "center" });
    upload.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      className="grid gap-4 rounded-md border p-4"
      aria-labelledby="edit-format-title"
      data-testid="edit-format-choice"
      data-format={outcome.kind}
    >
      <div className="grid gap-1">
        <h3 id="edit-format-title" className="font-semibold">
          {outcome.title}
        </h3>
        <p className="text-sm text-muted-foreground" data-testid="text-edit-outcome">
          {outcome.body}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button ref={upload} type="button" onClick={onUpload} data-testid="button-choice-upload">
          <FileUp aria-hidden="true" />
          {t("editor.choiceUpload")}
        </Button>
        <Button type="button" variant="outline" onClick={onEdit} data-testid="button-choice-edit">
          <FilePen aria-hidden="true" />
          {t("editor.choiceEdit")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("editor.cancel")}
        </Button>
      </div>
    </section>
  );
}
