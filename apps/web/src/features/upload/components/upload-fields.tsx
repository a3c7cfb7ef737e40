import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** One file's title: empty means the title inside the file. */
export function TitleField({
  value,
  disabled,
  onType,
}: {
  value: string;
  disabled: boolean;
  onType: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="upload-title">Title</Label>
      <Input
        id="upload-title"
        value={value}
        maxLength={300}
        placeholder="The document's own title, or its file name"
        disabled={disabled}
        onChange={(e) => onType(e.target.value)}
        data-testid="input-title"
      />
      <p className="text-xs text-muted-foreground">
        Leave it empty to use the title inside the file (a PDF's or DOCX's title, or its first heading).
      </p>
    </div>
  );
}

/** Several files take their titles and tags from their own content, so the form says so instead. */
export function MultipleFilesNote({ count }: { count: number }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="text-multiple-titles">
      {count} files: each document takes its own title (the one inside the file, else its file name) and its
      own tags from its content.
    </p>
  );
}

/** One file's tags, comma-separated; the suggestion's until the user types. */
export function TagsField({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="upload-tags">Tags</Label>
      <Input
        id="upload-tags"
        value={value}
        maxLength={600}
        placeholder="Key phrases from the content are added after upload"
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        data-testid="input-tags"
      />
    </div>
  );
}

/** "Upload Document", "Upload 3 Documents", or "Processing..." while files go out. */
export function submitLabel(count: number, processing: boolean): string {
  if (processing) return "Processing...";
  return count > 1 ? `Upload ${count} Documents` : "Upload Document";
}
