import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { i18n } from "@/lib/i18n";
import { useUploadActions } from "../hooks/use-upload-actions";
import type { UploadChoices } from "../hooks/use-upload-choices";
import { CategoryField } from "./category-field";
import { ChosenFiles } from "./chosen-files";
import { DropZone } from "./drop-zone";
import { submitLabel, TagsField, TitleField } from "./upload-fields";
import { UploadResults } from "./upload-results";
import "../locale";

/**
 * Seed §2 Upload form: files, and for each its title (the document's own, or the file name) and
 * category (optional: Quire files it and asks to confirm; the server's analysis on selection
 * suggests one, pre-selected only when confident), and a single file's tags. Several files upload
 * one after another, each with its own progress and result; one failing never stops the others.
 */
export function UploadForm() {
  const { t } = useTranslation("upload");
  const { choices, queue, submit, retry } = useUploadActions();
  const { files } = choices;
  const processing = queue.running;
  // One file (or none yet): one set of fields. Several: each file has its own in the list.
  const single = files.length === 1 ? files[0]! : files.length === 0 ? choices.draft : null;
  const reason = disabledReason(choices, processing);
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate data-testid="form-upload">
      <FilesField choices={choices} disabled={processing} />
      {single ? (
        <>
          <TitleField
            value={single.title}
            placeholder={single.titlePlaceholder}
            disabled={processing}
            onChange={(title) => choices.typeTitle(single.key, title)}
          />
          <CategoryField
            value={single.categoryId}
            onChange={(categoryId) => choices.setCategory(single.key, categoryId)}
            disabled={processing}
            file={single.file ? single : null}
          />
          <TagsField value={choices.tags} disabled={processing} onChange={choices.setTags} />
        </>
      ) : (
        files.length > 1 && (
          <CategoryField
            label={t("form.categoryForEvery")}
            value={sharedCategory(files)}
            onChange={choices.setEveryCategory}
            disabled={processing}
            file={null}
          />
        )
      )}
      <div className="grid gap-1">
        <Button
          type="submit"
          disabled={processing || reason !== null}
          aria-describedby={reason ? "upload-submit-reason" : undefined}
          data-testid="button-submit-upload"
        >
          {submitLabel(files.length, processing)}
        </Button>
        {reason && !processing && (
          <p
            id="upload-submit-reason"
            className="text-sm text-muted-foreground"
            data-testid="text-submit-reason"
          >
            {reason}
          </p>
        )}
      </div>
      <UploadResults
        rows={queue.rows}
        onUploadAnyway={(key) => void retry(key, true)}
        onRetry={(key) => void retry(key, false)}
      />
    </form>
  );
}

/** Why Upload cannot be pressed, in words beside it (never only a tooltip); null when it can. */
function disabledReason(choices: UploadChoices, processing: boolean): string | null {
  if (processing) return i18n.t("upload:form.uploading");
  if (choices.files.length > 0) return null;
  return choices.refused.length > 0 ? i18n.t("upload:form.noneUploadable") : i18n.t("upload:form.chooseOne");
}

/** The category every file shares, or none when they differ. */
function sharedCategory(files: UploadChoices["files"]): string {
  const first = files[0]?.categoryId ?? "";
  return files.every((f) => f.categoryId === first) ? first : "";
}

function FilesField({ choices, disabled }: { choices: UploadChoices; disabled: boolean }) {
  const { t } = useTranslation("upload");
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium">{t("form.files")}</span>
      <DropZone hasFiles={choices.files.length > 0} onAdd={choices.addFiles} disabled={disabled} />
      {choices.fileError && (
        <p role="alert" className="text-sm text-destructive" data-testid="text-file-error">
          {choices.fileError}
        </p>
      )}
      <ChosenFiles
        files={choices.files}
        refused={choices.refused}
        several={choices.files.length > 1}
        disabled={disabled}
        onRemove={choices.removeFile}
        onTitle={choices.typeTitle}
        onCategory={choices.setCategory}
      />
    </div>
  );
}
