import type { Document } from "@quire/contracts";
import { Trans, useTranslation } from "react-i18next";
import { AlertTriangle, CheckCircle2, Copy, Loader2, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useDocument } from "@/lib/api/document";
import { useMoveToCategory } from "@/lib/api/update-document";
import { useStoredSuggestion } from "@/lib/api/stored-category-suggestion";
import type { UploadRow } from "../hooks/use-upload-queue";
import { CONFIDENT_SUGGESTION } from "../lib/upload-rules";
import { formatPercent } from "@/lib/format";
import { inlineConfidence } from "./category-field";
import "../locale";

/** Each file of the last upload with its own progress, result or error (several files at once). */
export function UploadResults({
  rows,
  onUploadAnyway,
  onRetry,
}: {
  rows: UploadRow[];
  onUploadAnyway: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const { t } = useTranslation("upload");
  if (rows.length === 0) return null;
  return (
    <ul className="grid gap-3" aria-label={t("results.label")} data-testid="list-upload-results">
      {rows.map((row) => (
        <li
          key={row.key}
          className="grid gap-2 rounded-md border p-3 text-sm"
          data-testid="upload-result"
          data-state={row.state}
        >
          <p className="truncate font-medium" title={row.file.name}>
            {row.file.name}
          </p>
          <RowBody row={row} onUploadAnyway={onUploadAnyway} onRetry={onRetry} />
        </li>
      ))}
    </ul>
  );
}

function RowBody({
  row,
  onUploadAnyway,
  onRetry,
}: {
  row: UploadRow;
  onUploadAnyway: (key: string) => void;
  onRetry: (key: string) => void;
}) {
  const { t } = useTranslation("upload");
  if (row.state === "waiting") return <p className="text-muted-foreground">{t("results.waiting")}</p>;
  if (row.state === "uploading")
    return (
      <UploadProgress name={row.file.name} progress={row.progress} filing={row.fields.categoryId === ""} />
    );
  if (row.state === "duplicate" && row.existing) {
    return <DuplicateNotice existing={row.existing} onUploadAnyway={() => onUploadAnyway(row.key)} />;
  }
  if (row.state === "failed") {
    return (
      <div className="flex flex-wrap items-center gap-2" role="alert">
        <AlertTriangle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span className="min-w-0 flex-1 break-words text-destructive" data-testid="text-upload-error">
          {row.error}
        </span>
        {row.retryable && (
          <Button type="button" size="sm" variant="outline" onClick={() => onRetry(row.key)}>
            {t("results.retry")}
          </Button>
        )}
      </div>
    );
  }
  return row.document ? <UploadedDocument id={row.document.id} initial={row.document} /> : null;
}

function UploadProgress({ name, progress, filing }: { name: string; progress: number; filing: boolean }) {
  const { t } = useTranslation("upload");
  const percent = Math.round(progress * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t("results.uploadingLabel", { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {percent < 100 ? (
        <p className="text-muted-foreground">
          {t("results.uploadingPercent", { percent: formatPercent(percent) })}
        </p>
      ) : (
        // Every byte is sent; the server answers once it has checked the file, converted it and
        // (without a category) filed it. Then the document's own processing state takes over.
        <p
          className="flex items-center gap-1 text-muted-foreground"
          role="status"
          data-testid="text-upload-converting"
          data-stage="converting"
        >
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          {filing ? t("results.sentFiling") : t("results.sent")}
        </p>
      )}
    </div>
  );
}

function DuplicateNotice({
  existing,
  onUploadAnyway,
}: {
  existing: NonNullable<UploadRow["existing"]>;
  onUploadAnyway: () => void;
}) {
  const { t } = useTranslation("upload");
  return (
    <div className="grid gap-2" role="status" data-testid="upload-duplicate">
      <p>
        <Copy className="mr-1 inline size-4 align-text-bottom" aria-hidden="true" />
        {t("results.duplicate", { title: existing.title })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <Link href={paths.document.getHref(existing.id)} data-testid="link-open-existing">
            {t("results.openExisting")}
          </Link>
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={onUploadAnyway}
          data-testid="button-upload-anyway"
        >
          {t("results.uploadAnyway")}
        </Button>
      </div>
    </div>
  );
}

/** A stored upload: its processing state from the server (live), then what its content suggests. */
function UploadedDocument({ id, initial }: { id: string; initial: Document }) {
  const { t } = useTranslation("upload");
  const query = useDocument(id);
  const doc = query.data ?? initial;
  const { state, error } = doc.processing;
  return (
    <div className="grid gap-1">
      <Link
        href={paths.document.getHref(doc.id)}
        className="font-medium break-words text-primary hover:underline"
        data-testid={`link-uploaded-${doc.id}`}
      >
        {doc.title}
      </Link>
      <FiledIn doc={doc} />
      {state === "processing" && (
        <p
          className="flex items-center gap-1 text-muted-foreground"
          role="status"
          data-testid="text-processing"
          data-stage="processing"
        >
          <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
          {t("results.processing")}
        </p>
      )}
      {state === "failed" && (
        <p className="text-destructive" role="alert">
          {t("results.failed", { error: error ?? t("results.failedFallback") })}
        </p>
      )}
      {state === "ready" && (
        <>
          <p className="flex items-center gap-1 text-muted-foreground" data-testid="text-processed">
            <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
            {t("results.processed")}
            {doc.tags.length > 0 && t("results.tags", { tags: doc.tags.join(", ") })}
          </p>
          <MoveToSuggested doc={doc} />
        </>
      )}
    </div>
  );
}

/** Where the document went: the category chosen, or the one Quire chose, to confirm on its page. */
function FiledIn({ doc }: { doc: Document }) {
  const { t } = useTranslation("upload");
  return (
    <p className="text-muted-foreground" data-testid="text-filed-in">
      {doc.autoFiled ? (
        <Trans
          t={t}
          i18nKey="results.filedAuto"
          values={{ category: doc.category.name }}
          components={{
            link: <Link href={paths.document.getHref(doc.id)} className="text-primary hover:underline" />,
          }}
        />
      ) : (
        t("results.filedIn", { category: doc.category.name })
      )}
    </p>
  );
}

/** Once the text is known (converted, OCR read), offer the category it suggests with one click. */
export function MoveToSuggested({ doc }: { doc: Document }) {
  const { t } = useTranslation("upload");
  const suggestion = useStoredSuggestion(doc.id, doc.processing.state === "ready" && doc.abilities.update);
  const move = useMoveToCategory(doc.id);
  const s = suggestion.data;
  if (!s?.categoryId || !s.categoryName || s.categoryId === doc.categoryId) return null;
  const target = { id: s.categoryId, name: s.categoryName };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="suggested-move">
      <Sparkles className="size-4 text-primary" aria-hidden="true" />
      <span>
        {t(s.confidence < CONFIDENT_SUGGESTION ? "results.suggestsWeak" : "results.suggests", {
          name: target.name,
          confidence: inlineConfidence(s.confidence),
        })}
      </span>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={move.isPending}
        onClick={() => move.move(target)}
        data-testid="button-move-suggested"
      >
        {t("results.moveTo", { name: target.name })}
      </Button>
    </div>
  );
}
