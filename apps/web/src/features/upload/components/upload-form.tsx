import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { useUser } from "@/lib/auth";
import { useCategories } from "@/lib/api/categories";
import { useCategorySuggestion } from "../api/categorize";
import { useUploadDocument } from "../api/upload-document";
import { uploadErrorDescription } from "../lib/upload-error";
import { MAX_UPLOAD_BYTES, titleFromFilename } from "../lib/upload-rules";
import { DropZone } from "./drop-zone";

/** Seed §2 Upload form: file, title (prefilled from the file name), category (AI-suggested). */
export function UploadForm() {
  const [, navigate] = useLocation();
  const user = useUser();
  const categories = useCategories();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const [suggestFor, setSuggestFor] = useState<{ file: File; title: string } | null>(null);
  const suggestion = useCategorySuggestion(suggestFor);
  const suggested = categories.data?.find((c) => c.id === suggestion.data?.categoryId);
  // The suggestion fills an empty choice; a category the person picked always wins.
  const effectiveCategory = categoryId || suggested?.id || "";

  function chooseFile(next: File | null) {
    if (next && next.size > MAX_UPLOAD_BYTES) {
      setFileError(`${next.name} is larger than 10MB, the upload limit.`);
      return;
    }
    setFileError(null);
    setFile(next);
    if (!next) return;
    const nextTitle = title.trim() === "" ? titleFromFilename(next.name) : title;
    setTitle(nextTitle);
    setSuggestFor({ file: next, title: nextTitle });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || !title.trim() || !effectiveCategory || !user.data) {
      toast({
        variant: "destructive",
        title: "Missing information",
        description: "Please fill in all fields and select a file.",
      });
      return;
    }
    upload.mutate(
      { file, title: title.trim(), categoryId: effectiveCategory },
      {
        onSuccess: (document) => {
          toast({
            title: "Upload successful",
            description: `${document.title} has been uploaded and processed.`,
          });
          navigate(paths.document.getHref(document.id));
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Upload failed",
            description: uploadErrorDescription(error),
          }),
      },
    );
  }

  const processing = upload.isPending;
  const incomplete = !file || !title.trim() || !effectiveCategory;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="form-upload">
      <div className="grid gap-2">
        <span className="text-sm font-medium">File</span>
        <DropZone file={file} onFile={chooseFile} disabled={processing} />
        {fileError && (
          <p role="alert" className="text-sm text-destructive" data-testid="text-file-error">
            {fileError}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="upload-title">Title</Label>
        <Input
          id="upload-title"
          value={title}
          maxLength={300}
          placeholder="Document title"
          disabled={processing}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="input-title"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="upload-category">Category</Label>
        {categories.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : (
          <Select value={effectiveCategory} onValueChange={setCategoryId} disabled={processing}>
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
            className="flex items-center gap-1 text-xs text-muted-foreground"
            data-testid="text-suggested-category"
          >
            <Sparkles className="size-3.5" aria-hidden="true" />
            Suggested category: {suggested.name}
            {suggestion.data?.confidence != null &&
              ` (${Math.round(suggestion.data.confidence * 100)}% confidence)`}
          </p>
        )}
      </div>
      <Button type="submit" disabled={processing || incomplete} data-testid="button-submit-upload">
        {processing ? "Processing..." : "Upload Document"}
      </Button>
    </form>
  );
}
