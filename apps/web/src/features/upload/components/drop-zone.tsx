import { useRef, useState, type DragEvent } from "react";
import { FileUp, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ACCEPT_ATTRIBUTE, formatFileSize } from "../lib/upload-rules";

/** A drop target with a browse button; several files may be dropped or chosen at once. */
export function DropZone({
  files,
  onAdd,
  onRemove,
  disabled,
}: {
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = [...event.dataTransfer.files];
    if (dropped.length > 0) onAdd(dropped);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors",
        dragging ? "border-primary bg-accent" : "border-input",
      )}
      data-testid="dropzone-upload"
    >
      <FileUp className="size-10 text-muted-foreground" aria-hidden="true" />
      {files.length > 0 ? (
        <ul className="grid w-full max-w-full gap-1" aria-label="Chosen files">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              className="flex min-w-0 items-center justify-center gap-2"
              data-testid="text-selected-file"
            >
              <span className="min-w-0 truncate font-medium">{file.name}</span>
              <span className="shrink-0 text-sm text-muted-foreground">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => {
                  onRemove(index);
                  if (input.current) input.current.value = "";
                }}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Drag and drop files here, or</p>
      )}
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        aria-label="Choose files to upload"
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          if (chosen.length > 0) onAdd(chosen);
          event.target.value = "";
        }}
        data-testid="input-file"
      />
      <Button type="button" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        {files.length > 0 ? "Add more files" : "Browse files"}
      </Button>
      <p className="text-xs text-muted-foreground" data-testid="text-accepted-types">
        Accepted types: .pdf, .docx, .txt, .md (maximum size 10MB)
      </p>
    </div>
  );
}
