import { useRef, useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { paths } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { useUser } from "@/lib/auth";
import { useCategories } from "@/lib/api/categories";
import { useCategorySuggestion } from "../api/categorize";
import { DuplicateUploadError } from "../api/upload-document";
import { useUploadQueue, type UploadOutcome } from "../hooks/use-upload-queue";
import { uploadErrorDescription } from "../lib/upload-error";
import {
  CONFIDENT_SUGGESTION,
  isPlainText,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  titleOfTextFile,
} from "../lib/upload-rules";
import { CategoryField } from "./category-field";
import { DropZone } from "./drop-zone";
import { UploadResults } from "./upload-results";

/** The document page reads this from history state: the upload's follow-up toast and offer. */
export const UPLOADED_STATE = { uploaded: true } as const;

/**
 * Seed §2 Upload form: files, title (the document's own, or the file name), category
 * (AI-suggested: pre-selected only when the guess is confident) and tags. Several files upload one
 * after another, each with its own progress and result; one failing never stops the others.
 */
export function UploadForm() {
  const [, navigate] = useLocation();
  const user = useUser();
  const categories = useCategories();
  const queue = useUploadQueue(user.data?.role);
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const titleTyped = useRef(false);
  const [categoryId, setCategoryId] = useState("");
  const [tags, setTags] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const single = files.length === 1 ? files[0]! : null;
  const suggestion = useCategorySuggestion(single);
  const suggested = categories.data?.find((c) => c.id === suggestion.data?.categoryId);
  const confident = suggested && (suggestion.data?.confidence ?? 0) >= CONFIDENT_SUGGESTION;
  // A confident suggestion fills an empty choice; a weak one is only offered; a pick always wins.
  const effectiveCategory = categoryId || (confident ? suggested.id : "");
  const shownTags = tags ?? (suggestion.data?.tags ?? []).join(", ");

  function addFiles(added: File[]) {
    const tooLarge = added.filter((f) => f.size > MAX_UPLOAD_BYTES);
    const fitting = [...files, ...added.filter((f) => f.size <= MAX_UPLOAD_BYTES)];
    const next = fitting.slice(0, MAX_FILES_PER_UPLOAD);
    const problems = [
      tooLarge.length > 0
        ? `${tooLarge.map((f) => f.name).join(", ")} ${tooLarge.length === 1 ? "is" : "are"} larger than 10MB, the upload limit.`
        : "",
      fitting.length > MAX_FILES_PER_UPLOAD
        ? `At most ${MAX_FILES_PER_UPLOAD} files go in one upload; the first ${MAX_FILES_PER_UPLOAD} are kept.`
        : "",
    ].filter(Boolean);
    setFileError(problems.length > 0 ? problems.join(" ") : null);
    chooseFiles(next);
  }

  function chooseFiles(next: File[]) {
    setFiles(next);
    setTags(null);
    const only = next.length === 1 ? next[0] : null;
    if (!only || titleTyped.current) return;
    // PDF and DOCX titles are read by the server (metadata or first heading); text files here.
    setTitle("");
    if (isPlainText(only)) void titleOfTextFile(only).then((t) => !titleTyped.current && setTitle(t));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || !effectiveCategory || !user.data) {
      toast({
        variant: "destructive",
        title: "Missing information",
        description: "Please fill in all fields and select a file.",
      });
      return;
    }
    const fields = {
      title: files.length === 1 ? title.trim() : "",
      categoryId: effectiveCategory,
      tags: files.length === 1 ? splitTags(shownTags) : [],
    };
    // Kept for "Upload anyway" and Retry once the chosen files (and their suggestion) are cleared.
    setCategoryId(effectiveCategory);
    const outcomes = await queue.run(files, fields);
    setFiles([]);
    report(outcomes);
  }

  function report(results: UploadOutcome[]) {
    const done = results.flatMap((r) => (r.document ? [r.document] : []));
    const failed = results.filter((r) => r.error && !(r.error instanceof DuplicateUploadError));
    if (results.length === 1) {
      const [only] = results;
      if (only?.document) {
        toast({ title: "Upload successful", description: uploadedText(only.document) });
        navigate(paths.document.getHref(only.document.id), { state: UPLOADED_STATE });
      } else if (only && failed.length === 1) {
        toast({
          variant: "destructive",
          title: "Upload failed",
          description: uploadErrorDescription(only.error, user.data?.role),
        });
      }
      return;
    }
    if (failed.length > 0) {
      toast({
        variant: "destructive",
        title: "Upload failed",
        description: `${failed.length} of ${results.length} files could not be uploaded; ${done.length} ${done.length === 1 ? "was" : "were"}. Each file's result is listed below.`,
      });
    } else if (done.length > 0) {
      toast({
        title: "Upload successful",
        description: `${done.length} documents have been uploaded. Their processing is shown below.`,
      });
    }
  }

  async function retry(key: string, allowDuplicate: boolean) {
    if (!effectiveCategory) return;
    const single = queue.rows.length === 1;
    const fields = { title: single ? title.trim() : "", categoryId: effectiveCategory, tags: [] };
    const outcome = await queue.again(key, fields, allowDuplicate);
    if (outcome?.document && single) report([outcome]);
  }

  const processing = queue.running;
  const incomplete = files.length === 0 || !effectiveCategory;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="form-upload">
      <div className="grid gap-2">
        <span className="text-sm font-medium">Files</span>
        <DropZone
          files={files}
          onAdd={addFiles}
          onRemove={(index) => chooseFiles(files.filter((_, i) => i !== index))}
          disabled={processing}
        />
        {fileError && (
          <p role="alert" className="text-sm text-destructive" data-testid="text-file-error">
            {fileError}
          </p>
        )}
      </div>
      {files.length <= 1 ? (
        <div className="grid gap-2">
          <Label htmlFor="upload-title">Title</Label>
          <Input
            id="upload-title"
            value={title}
            maxLength={300}
            placeholder="The document's own title, or its file name"
            disabled={processing}
            onChange={(e) => {
              titleTyped.current = e.target.value.trim() !== "";
              setTitle(e.target.value);
            }}
            data-testid="input-title"
          />
          <p className="text-xs text-muted-foreground">
            Leave it empty to use the title inside the file (a PDF's or DOCX's title, or its first heading).
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="text-multiple-titles">
          {files.length} files: each document takes its own title (the one inside the file, else its file
          name) and its own tags from its content.
        </p>
      )}
      <CategoryField
        value={effectiveCategory}
        onChange={setCategoryId}
        disabled={processing}
        suggested={suggested ? { ...suggested, confidence: suggestion.data?.confidence ?? 0 } : null}
        confident={Boolean(confident)}
        files={files}
      />
      {files.length <= 1 && (
        <div className="grid gap-2">
          <Label htmlFor="upload-tags">Tags</Label>
          <Input
            id="upload-tags"
            value={shownTags}
            maxLength={600}
            placeholder="Key phrases from the content are added after upload"
            disabled={processing}
            onChange={(e) => setTags(e.target.value)}
            data-testid="input-tags"
          />
        </div>
      )}
      <Button type="submit" disabled={processing || incomplete} data-testid="button-submit-upload">
        {processing
          ? "Processing..."
          : files.length > 1
            ? `Upload ${files.length} Documents`
            : "Upload Document"}
      </Button>
      <UploadResults
        rows={queue.rows}
        onUploadAnyway={(key) => void retry(key, true)}
        onRetry={(key) => void retry(key, false)}
      />
    </form>
  );
}

function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "")
    .slice(0, 30);
}

/** Seed §8's text only once it is true; before, what is true: uploaded, processing under way. */
function uploadedText(document: { title: string; processing: { state: string } }): string {
  return document.processing.state === "ready"
    ? `${document.title} has been uploaded and processed.`
    : `${document.title} has been uploaded. Its text is being processed; the page shows the progress.`;
}
