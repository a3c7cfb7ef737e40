import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { i18n } from "@/lib/i18n";
import { formatCount } from "@/lib/format";
import "../locale";

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
  const { t } = useTranslation("upload");
  return (
    <TextField
      {...props}
      id="upload-title"
      label={t("form.title")}
      maxLength={300}
      placeholder={placeholder ?? t("form.titlePlaceholder")}
      hint={t("form.titleHint")}
      testId="input-title"
    />
  );
}

/** One file's tags, comma-separated; the suggestion's until the user types. */
export function TagsField(props: FieldProps) {
  const { t } = useTranslation("upload");
  return (
    <TextField
      {...props}
      id="upload-tags"
      label={t("form.tags")}
      maxLength={600}
      placeholder={t("form.tagsPlaceholder")}
      testId="input-tags"
    />
  );
}

/** "Upload Document", "Upload 3 Documents", or "Processing..." while files go out. */
export function submitLabel(count: number, processing: boolean): string {
  if (processing) return i18n.t("upload:form.processing");
  return count > 1
    ? i18n.t("upload:form.uploadMany", { n: formatCount(count) })
    : i18n.t("upload:form.uploadOne");
}
