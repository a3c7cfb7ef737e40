import { useRef, useState, type DragEvent } from "react";
import { FileUp, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ACCEPT_ATTRIBUTE, formatFileSize } from "../lib/upload-rules";

/** A drop target with a browse button; only the first dropped or chosen file is used (seed §5). */
export function DropZone({
  file,
  onFile,
  disabled,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const first = event.dataTransfer.files[0];
    if (first) onFile(first);
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
      {file ? (
        <div className="flex max-w-full items-center gap-2" data-testid="text-selected-file">
          <span className="min-w-0 truncate font-medium">{file.name}</span>
          <span className="shrink-0 text-sm text-muted-foreground">{formatFileSize(file.size)}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Remove file"
            disabled={disabled}
            onClick={() => {
              onFile(null);
              if (input.current) input.current.value = "";
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Drag and drop a file here, or</p>
      )}
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        aria-label="Choose a file to upload"
        tabIndex={-1}
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        data-testid="input-file"
      />
      <Button type="button" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        {file ? "Choose another file" : "Browse files"}
      </Button>
      <p className="text-xs text-muted-foreground" data-testid="text-accepted-types">
        Accepted types: .pdf, .docx, .txt, .md (maximum size 10MB)
      </p>
    </div>
  );
}
