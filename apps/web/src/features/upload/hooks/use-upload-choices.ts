import { useState } from "react";
import type { Category, UploadAnalysis } from "@quire/contracts";
import { canFileIn } from "@/components/documents/category-select";
import { useCategories } from "@/lib/api/categories";
import { useUploadAnalyses } from "../api/analyse-upload";
import { uploadRetryable } from "../lib/upload-error";
import { i18n } from "@/lib/i18n";
import "../locale";
import {
  admitFiles,
  CONFIDENT_SUGGESTION,
  isPlainText,
  titleFromFilename,
  titleOfTextFile,
  type RefusedFile,
} from "../lib/upload-rules";

/** What the person set for one chosen file; empty means "the file's own title" and "let Quire file it". */
type Entry = {
  key: string;
  file: File;
  title: string;
  titleTyped: boolean;
  categoryId: string;
  chosen: boolean;
};

/** One chosen file as the form shows it: its own fields, prefilled from the server's analysis. */
export type ChosenFile = {
  key: string;
  file: File;
  title: string;
  /** What an empty title becomes: the title the server read from the file, else its name's. */
  titlePlaceholder: string;
  /** The category it goes to: the person's choice, else the confident suggestion, else "" (Quire files it). */
  categoryId: string;
  analysing: boolean;
  suggested: { id: string; name: string; confidence: number } | null;
  confident: boolean;
  /** The server would refuse this file (its analysis answered 413, 415, 422…): the error, kept to report. */
  refusal: unknown;
  duplicate: UploadAnalysis["duplicate"];
};

let entryCounter = 0;

/** The fields before any file is chosen: filled in first, they go to the first file chosen. */
const DRAFT = "draft";
const emptyDraft: Entry = {
  key: DRAFT,
  file: new File([], ""),
  title: "",
  titleTyped: false,
  categoryId: "",
  chosen: false,
};

function suggestionOf(analysis: UploadAnalysis | undefined, categories: Category[] | undefined) {
  // A category the user may not add to is never suggested: the upload would be refused.
  const category = categories?.find((c) => c.id === analysis?.suggestion.categoryId && canFileIn(c));
  const confidence = analysis?.suggestion.confidence ?? 0;
  return {
    suggested: category ? { id: category.id, name: category.name, confidence } : null,
    confident: Boolean(category) && confidence >= CONFIDENT_SUGGESTION,
  };
}

/**
 * What the upload form holds before anything is sent: the chosen files, each with its own title
 * and category (prefilled from the server's analysis on selection; a pick always wins), the files
 * left out at selection with why, and the tags of a single file (the suggestion's until typed).
 */
export function useUploadChoices() {
  const categories = useCategories();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [draft, setDraft] = useState<Entry>(emptyDraft);
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tags, setTags] = useState<string | null>(null);
  const analyses = useUploadAnalyses(entries.map((e) => e.file));

  const patch = (key: string, change: Partial<Entry>) =>
    key === DRAFT
      ? setDraft((d) => ({ ...d, ...change }))
      : setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const files: ChosenFile[] = entries.map((entry, i) => {
    const analysis = analyses[i];
    const { suggested, confident } = suggestionOf(analysis?.data, categories.data);
    const refusal = analysis?.error && !uploadRetryable(analysis.error) ? analysis.error : null;
    return {
      key: entry.key,
      file: entry.file,
      title: entry.title,
      titlePlaceholder: analysis?.data?.title ?? titleFromFilename(entry.file.name),
      categoryId: entry.chosen ? entry.categoryId : confident && suggested ? suggested.id : "",
      analysing: analysis?.isPending ?? false,
      suggested,
      confident,
      refusal,
      duplicate: analysis?.data?.duplicate ?? null,
    };
  });

  function addFiles(added: File[]) {
    const admitted = admitFiles(
      entries.map((e) => e.file),
      added,
    );
    setFileError(admitted.problem);
    setRefused([...refused, ...admitted.refused]);
    const kept = new Set(admitted.files);
    const fresh = admitted.files
      .filter((file) => !entries.some((e) => e.file === file))
      .map<Entry>((file, i) => ({
        ...(entries.length === 0 && i === 0 ? draft : emptyDraft),
        ...(draft.chosen ? { categoryId: draft.categoryId, chosen: true } : {}),
        key: `f${++entryCounter}`,
        file,
      }));
    setDraft(emptyDraft);
    setEntries([...entries.filter((e) => kept.has(e.file)), ...fresh]);
    setTags(null);
    // PDF and DOCX titles are read by the server (the analysis's placeholder); text files here.
    for (const entry of fresh.filter((e) => isPlainText(e.file))) {
      void titleOfTextFile(entry.file).then((title) =>
        // A title typed meanwhile wins over the one read from the file.
        setEntries((all) => all.map((e) => (e.key === entry.key && !e.titleTyped ? { ...e, title } : e))),
      );
    }
  }

  return {
    files,
    /** The single form's fields while no file is chosen yet. */
    draft: {
      key: DRAFT,
      file: null,
      title: draft.title,
      titlePlaceholder: i18n.t("upload:form.titlePlaceholder"),
      categoryId: draft.categoryId,
    },
    refused,
    fileError,
    addFiles,
    removeFile(key: string) {
      setEntries((all) => all.filter((e) => e.key !== key));
      setTags(null);
    },
    /** After an upload: the files that went in leave the form; the others stay with their fields. */
    keepOnly(keys: ReadonlySet<string>) {
      setEntries((all) => all.filter((e) => keys.has(e.key)));
      setRefused([]);
      setFileError(null);
    },
    typeTitle(key: string, value: string) {
      patch(key, { title: value, titleTyped: value.trim() !== "" });
    },
    setCategory(key: string, categoryId: string) {
      patch(key, { categoryId, chosen: true });
    },
    /** The one category for every file (several files: "Category for every file"). */
    setEveryCategory(categoryId: string) {
      setEntries((all) => all.map((e) => ({ ...e, categoryId, chosen: true })));
    },
    tags: tags ?? (files.length === 1 ? (analyses[0]?.data?.suggestion.tags ?? []).join(", ") : ""),
    setTags,
  };
}

export type UploadChoices = ReturnType<typeof useUploadChoices>;
