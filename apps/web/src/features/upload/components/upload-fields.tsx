import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** One labelled text input of the upload form, with an optional hint below. */
function TextField({
  id,
  label,
  value,
  maxLength,
  placeholder,
  hint,
  disabled,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  placeholder: string;
  hint?: string;
  disabled: boolean;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

type FieldProps = { value: string; disabled: boolean; onChange: (value: string) => void };

/** One file's title: empty means the title inside the file (the analysis shows it as the placeholder). */
export function TitleField({ placeholder, ...props }: FieldProps & { placeholder?: string }) {
  return (
    <TextField
      {...props}
      id="upload-title"
      label="Title"
      maxLength={300}
      placeholder={placeholder ?? "The document's own title, or its file name"}
      hint="Leave it empty to use the title inside the file (a PDF's or DOCX's title, or its first heading)."
      testId="input-title"
    />
  );
}

/** One file's tags, comma-separated; the suggestion's until the user types. */
export function TagsField(props: FieldProps) {
  return (
    <TextField
      {...props}
      id="upload-tags"
      label="Tags"
      maxLength={600}
      placeholder="Key phrases from the content are added after upload"
      testId="input-tags"
    />
  );
}

/** "Upload Document", "Upload 3 Documents", or "Processing..." while files go out. */
export function submitLabel(count: number, processing: boolean): string {
  if (processing) return "Processing...";
  return count > 1 ? `Upload ${count} Documents` : "Upload Document";
}
