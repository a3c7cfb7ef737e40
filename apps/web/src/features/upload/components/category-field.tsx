import { confidenceLabel } from "@quire/contracts";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { CategorySelect } from "@/components/documents/category-select";
import { isPlainText } from "../lib/upload-rules";

/**
 * The category select with the classifier's suggestion beneath: a confident one is already
 * selected by the form, a weak one is only offered ('Use it'); PDF and DOCX get theirs after upload.
 */
export function CategoryField({
  value,
  onChange,
  disabled,
  suggested,
  confident,
  files,
}: {
  value: string;
  onChange: (categoryId: string) => void;
  disabled: boolean;
  suggested: { id: string; name: string; confidence: number } | null;
  confident: boolean;
  files: File[];
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="upload-category">Category</Label>
      <CategorySelect
        id="upload-category"
        testId="select-category"
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
      {suggested && (
        <p
          className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground"
          data-testid="text-suggested-category"
        >
          <Sparkles className="size-3.5" aria-hidden="true" />
          Suggested category: {suggested.name} ({confidenceLabel(suggested.confidence).toLowerCase()})
          {!confident && value !== suggested.id && (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={() => onChange(suggested.id)}
              data-testid="button-use-suggested"
            >
              Use it
            </Button>
          )}
        </p>
      )}
      {files.length > 0 && !files.every(isPlainText) && (
        <p className="text-xs text-muted-foreground" data-testid="text-suggest-after-upload">
          PDF and DOCX files are read on the server: their suggested category follows after upload.
        </p>
      )}
    </div>
  );
}
