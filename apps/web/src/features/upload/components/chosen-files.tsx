import { useTranslation } from "react-i18next";
import { AlertTriangle, Ban, Copy, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CategorySelect } from "@/components/documents/category-select";
import { errorMessage } from "@/lib/api-client";
import type { ChosenFile } from "../hooks/use-upload-choices";
import type { RefusedFile } from "../lib/upload-rules";
import { formatFileSize } from "../lib/upload-rules";
import { AutoFileNote, SuggestionHint } from "./category-field";
import "../locale";

/**
 * The chosen files, each with its size and a way to remove it; with several, each has its own
 * title and category. Files left out at selection stay listed with why, and are not sent.
 */
export function ChosenFiles({
  files,
  refused,
  several,
  disabled,
  onRemove,
  onTitle,
  onCategory,
}: {
  files: ChosenFile[];
  refused: RefusedFile[];
  several: boolean;
  disabled: boolean;
  onRemove: (key: string) => void;
  onTitle: (key: string, title: string) => void;
  onCategory: (key: string, categoryId: string) => void;
}) {
  const { t } = useTranslation("upload");
  if (files.length === 0 && refused.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label={t("chosen.label")} data-testid="list-chosen-files">
      {files.map((file) => (
        <li key={file.key} className="grid min-w-0 gap-2 rounded-md border p-3" data-testid="chosen-file">
          <div className="flex min-w-0 items-center gap-2" data-testid="text-selected-file">
            <span className="min-w-0 flex-1 truncate font-medium">{file.file.name}</span>
            <span className="shrink-0 text-sm text-muted-foreground">{formatFileSize(file.file.size)}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7 shrink-0"
              aria-label={t("chosen.remove", { name: file.file.name })}
              disabled={disabled}
              onClick={() => onRemove(file.key)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          <FileNotices file={file} />
          {several && !file.refusal && (
            <FileFields file={file} disabled={disabled} onTitle={onTitle} onCategory={onCategory} />
          )}
        </li>
      ))}
      {refused.map(({ file, reason }, i) => (
        <li
          key={`refused-${file.name}-${i}`}
          className="flex min-w-0 items-start gap-2 rounded-md border border-destructive/40 p-3 text-sm"
          data-testid="refused-file"
        >
          <Ban className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="font-medium">{file.name}</span>{" "}
            <span className="text-destructive" data-testid="text-refusal">
              {t("chosen.notSent", { reason })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the server's analysis found that the person should know before sending. */
function FileNotices({ file }: { file: ChosenFile }) {
  const { t } = useTranslation("upload");
  if (file.refusal)
    return (
      <p className="flex items-start gap-1 text-sm text-destructive" data-testid="text-file-refusal">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {t("chosen.willRefuse", { reason: errorMessage(file.refusal, t("chosen.cannotRead")) })}
        </span>
      </p>
    );
  if (file.duplicate)
    return (
      <p className="flex items-start gap-1 text-xs text-muted-foreground" data-testid="text-file-duplicate">
        <Copy className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{t("chosen.duplicate", { title: file.duplicate.title })}</span>
      </p>
    );
  return null;
}

function FileFields({
  file,
  disabled,
  onTitle,
  onCategory,
}: {
  file: ChosenFile;
  disabled: boolean;
  onTitle: (key: string, title: string) => void;
  onCategory: (key: string, categoryId: string) => void;
}) {
  const { t } = useTranslation("upload");
  const noteId = `note-${file.key}`;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Input
        value={file.title}
        maxLength={300}
        placeholder={file.titlePlaceholder}
        aria-label={t("chosen.titleOf", { name: file.file.name })}
        disabled={disabled}
        onChange={(e) => onTitle(file.key, e.target.value)}
        data-testid="input-file-title"
      />
      <CategorySelect
        id={`category-${file.key}`}
        testId="select-file-category"
        label={t("chosen.categoryOf", { name: file.file.name })}
        value={file.categoryId}
        onChange={(categoryId) => onCategory(file.key, categoryId)}
        disabled={disabled}
        placeholder={t("category.letQuire")}
        noneLabel={t("category.noCategory")}
        describedBy={file.categoryId ? undefined : noteId}
      />
      <div className="grid gap-1 sm:col-span-2">
        {!file.categoryId && <AutoFileNote id={noteId} />}
        <SuggestionHint file={file} value={file.categoryId} onUse={(id) => onCategory(file.key, id)} />
      </div>
    </div>
  );
}
