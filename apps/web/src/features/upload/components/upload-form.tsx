import { Button } from "@/components/ui/button";
import { useUploadActions } from "../hooks/use-upload-actions";
import type { UploadChoices } from "../hooks/use-upload-choices";
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
  const { choices, queue, submit, retry } = useUploadActions();
  const { files, categoryId } = choices;
  const processing = queue.running;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="form-upload">
      <FilesField choices={choices} disabled={processing} />
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

function FilesField({ choices, disabled }: { choices: UploadChoices; disabled: boolean }) {
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">Files</span>
      <DropZone
        files={choices.files}
        onAdd={choices.addFiles}
        onRemove={choices.removeFile}
        disabled={disabled}
      />
      {choices.fileError && (
        <p role="alert" className="text-sm text-destructive" data-testid="text-file-error">
          {choices.fileError}
        </p>
      )}
    </div>
  );
}
