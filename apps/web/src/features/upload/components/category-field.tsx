import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategories } from "@/lib/api/categories";
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
  const categories = useCategories();
  return (
    <div className="grid gap-2">
      <Label htmlFor="upload-category">Category</Label>
      {categories.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : (
        <Select value={value} onValueChange={onChange} disabled={disabled}>
          <SelectTrigger id="upload-category" className="w-full" data-testid="select-category">
            <SelectValue placeholder="Select a category" />
          </SelectTrigger>
          <SelectContent>
            {(categories.data ?? []).map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      {suggested && (
        <p
          className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground"
          data-testid="text-suggested-category"
        >
          <Sparkles className="size-3.5" aria-hidden="true" />
          Suggested category: {suggested.name} ({Math.round(suggested.confidence * 100)}% confidence)
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
