import { type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useUser } from "@/lib/auth";
import { useUploadChoices } from "../hooks/use-upload-choices";
import { useUploadQueue } from "../hooks/use-upload-queue";
import { useUploadReport } from "../hooks/use-upload-report";
import { splitTags } from "../lib/upload-rules";
import { CategoryField } from "./category-field";
import { DropZone } from "./drop-zone";
import { MultipleFilesNote, submitLabel, TagsField, TitleField } from "./upload-fields";
import { UploadResults } from "./upload-results";

/**
 * Seed §2 Upload form: files, title (the document's own, or the file name), category
 * (AI-suggested: pre-selected only when the guess is confident) and tags. Several files upload one
 * after another, each with its own progress and result; one failing never stops the others.
 */
export function UploadForm() {
  const user = useUser();
  const queue = useUploadQueue(user.data?.role);
  const report = useUploadReport(user.data?.role);
  const choices = useUploadChoices();
  const { files, categoryId } = choices;
  const single = files.length === 1;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || !categoryId || !user.data) {
      toast({
        variant: "destructive",
        title: "Missing information",
        description: "Please fill in all fields and select a file.",
      });
      return;
    }
    const fields = {
      title: single ? choices.title.trim() : "",
      categoryId,
      tags: single ? splitTags(choices.tags) : [],
    };
    // Kept for "Upload anyway" and Retry once the chosen files (and their suggestion) are cleared.
    choices.setCategoryId(categoryId);
    const outcomes = await queue.run(files, fields);
    choices.clearFiles();
    report(outcomes);
  }

  async function retry(key: string, allowDuplicate: boolean) {
    if (!categoryId) return;
    const one = queue.rows.length === 1;
    const fields = { title: one ? choices.title.trim() : "", categoryId, tags: [] };
    const outcome = await queue.again(key, fields, allowDuplicate);
    if (outcome?.document && one) report([outcome]);
  }

  const processing = queue.running;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="form-upload">
      <div className="grid gap-2">
        <span className="text-sm font-medium">Files</span>
        <DropZone
          files={files}
          onAdd={choices.addFiles}
          onRemove={choices.removeFile}
          disabled={processing}
        />
        {choices.fileError && (
          <p role="alert" className="text-sm text-destructive" data-testid="text-file-error">
            {choices.fileError}
          </p>
        )}
      </div>
      {files.length <= 1 ? (
        <TitleField value={choices.title} disabled={processing} onChange={choices.typeTitle} />
      ) : (
        <MultipleFilesNote count={files.length} />
      )}
      <CategoryField
        value={categoryId}
        onChange={choices.setCategoryId}
        disabled={processing}
        suggested={choices.suggested}
        confident={choices.confident}
        files={files}
      />
      {files.length <= 1 && (
        <TagsField value={choices.tags} disabled={processing} onChange={choices.setTags} />
      )}
      <Button
        type="submit"
        disabled={processing || files.length === 0 || !categoryId}
        data-testid="button-submit-upload"
      >
        {submitLabel(files.length, processing)}
      </Button>
      <UploadResults
        rows={queue.rows}
        onUploadAnyway={(key) => void retry(key, true)}
        onRetry={(key) => void retry(key, false)}
      />
    </form>
  );
}
