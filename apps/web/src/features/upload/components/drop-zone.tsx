import { useRef, useState, type DragEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { FileUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ACCEPT_ATTRIBUTE } from "../lib/upload-rules";
import "../locale";

/** A drop target with a browse button; several files may be dropped or chosen at once. */
export function DropZone({
  hasFiles,
  onAdd,
  disabled,
}: {
  hasFiles: boolean;
  onAdd: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("upload");
  const input = useRef<HTMLInputElement>(null);
  const { dragging, dropHandlers } = useFileDrop(onAdd, disabled);

  return (
    <div
      {...dropHandlers}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors",
        dragging ? "border-primary bg-accent" : "border-input",
      )}
      data-testid="dropzone-upload"
    >
      <FileUp className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">{hasFiles ? t("drop.more") : t("drop.first")}</p>
      <FileInput inputRef={input} onAdd={onAdd} disabled={disabled} />
      <Button type="button" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        {hasFiles ? t("drop.addMore") : t("drop.browse")}
      </Button>
      <p className="text-xs text-muted-foreground" data-testid="text-accepted-types">
        {t("drop.accepted")}
      </p>
    </div>
  );
}

/** Drag state and the handlers that feed dropped files to `onAdd` (ignored while disabled). */
function useFileDrop(onAdd: (files: File[]) => void, disabled: boolean | undefined) {
  const [dragging, setDragging] = useState(false);
  const dropHandlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      if (disabled) return;
      const dropped = [...event.dataTransfer.files];
      if (dropped.length > 0) onAdd(dropped);
    },
  };
  return { dragging, dropHandlers };
}

/** The hidden native picker, opened by the visible browse button. */
function FileInput({
  inputRef,
  onAdd,
  disabled,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onAdd: (files: File[]) => void;
  disabled: boolean | undefined;
}) {
  const { t } = useTranslation("upload");
  return (
    <input
      ref={inputRef}
      type="file"
      multiple
      accept={ACCEPT_ATTRIBUTE}
      className="sr-only"
      aria-label={t("drop.choose")}
      tabIndex={-1}
      disabled={disabled}
      onChange={(event) => {
        const chosen = [...(event.target.files ?? [])];
        if (chosen.length > 0) onAdd(chosen);
        // Cleared so the same file can be chosen again after it was removed.
        event.target.value = "";
      }}
      data-testid="input-file"
    />
  );
}
