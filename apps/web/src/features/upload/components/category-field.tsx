import { useTranslation } from "react-i18next";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { CategorySelect } from "@/components/documents/category-select";
import { i18n } from "@/lib/i18n";
import { confidenceLevel } from "@quire/contracts";
import type { ChosenFile } from "../hooks/use-upload-choices";
import "../locale";
import "@/components/locale";

/** "high confidence", inside a sentence, in the interface's language. */
export function inlineConfidence(confidence: number): string {
  return i18n.t(`shared:confidenceInline.${confidenceLevel(confidence)}`);
}

/** What an empty category means, said wherever one may be left empty. */
export function AutoFileNote({ id }: { id?: string }) {
  const { t } = useTranslation("upload");
  return (
    <p id={id} className="text-xs text-muted-foreground" data-testid="text-auto-file-note">
      {t("category.autoFileNote")}
    </p>
  );
}

/** The suggestion from the file's analysis: a confident one is already selected, a weak one only offered. */
export function SuggestionHint({
  file,
  value,
  onUse,
}: {
  file: ChosenFile;
  value: string;
  onUse: (categoryId: string) => void;
}) {
  const { t } = useTranslation("upload");
  if (file.analysing)
    return (
      <p className="text-xs text-muted-foreground" role="status" data-testid="text-analysing">
        {t("category.analysing")}
      </p>
    );
  const { suggested } = file;
  if (!suggested) return null;
  return (
    <p
      className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground"
      data-testid="text-suggested-category"
    >
      <Sparkles className="size-3.5" aria-hidden="true" />
      {t("category.suggested", { name: suggested.name, confidence: inlineConfidence(suggested.confidence) })}
      {!file.confident && value !== suggested.id && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          onClick={() => onUse(suggested.id)}
          data-testid="button-use-suggested"
        >
          {t("category.useIt")}
        </Button>
      )}
    </p>
  );
}

/**
 * The category of a single file (or, with several, the one for every file): optional, with the
 * analysis's suggestion beneath. PDF and DOCX are read on the server before anything is stored.
 */
export function CategoryField({
  value,
  onChange,
  disabled,
  file,
  label,
}: {
  value: string;
  onChange: (categoryId: string) => void;
  disabled: boolean;
  /** The single chosen file, whose suggestion is shown; none with several files. */
  file: ChosenFile | null;
  label?: string;
}) {
  const { t } = useTranslation("upload");
  return (
    <div className="grid gap-2">
      <Label htmlFor="upload-category">{label ?? t("category.label")}</Label>
      <CategorySelect
        id="upload-category"
        testId="select-category"
        value={value}
        onChange={onChange}
        disabled={disabled}
        placeholder={t("category.letQuire")}
        noneLabel={t("category.noCategory")}
        describedBy="upload-category-note"
      />
      {!value && <AutoFileNote id="upload-category-note" />}
      {file && <SuggestionHint file={file} value={value} onUse={onChange} />}
      {file && !/\.(txt|md|markdown)$/i.test(file.file.name) && (
        <p className="text-xs text-muted-foreground" data-testid="text-suggest-after-upload">
          {t("category.readOnServer")}
        </p>
      )}
    </div>
  );
}
