import { useRef, useState } from "react";
import { canFileIn } from "@/components/documents/category-select";
import { useCategories } from "@/lib/api/categories";
import { useCategorySuggestion } from "../api/categorize";
import { admitFiles, CONFIDENT_SUGGESTION, isPlainText, titleOfTextFile } from "../lib/upload-rules";

/**
 * What the upload form holds before anything is sent: the chosen files (and why any were left
 * out), the title (a text file's own heading until the user types one), the category (a confident
 * suggestion fills an empty choice; a weak one is only offered; a pick always wins) and the tags
 * (the suggestion's until the user types).
 */
export function useUploadChoices() {
  const categories = useCategories();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState("");
  const titleTyped = useRef(false);
  const [categoryId, setCategoryId] = useState("");
  const [tags, setTags] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const suggestion = useCategorySuggestion(files.length === 1 ? files[0]! : null);
  // A category the user may not add to is never suggested: the upload would be refused.
  const suggested = categories.data?.find((c) => c.id === suggestion.data?.categoryId && canFileIn(c));
  const confidence = suggestion.data?.confidence ?? 0;
  const confident = Boolean(suggested) && confidence >= CONFIDENT_SUGGESTION;

  function chooseFiles(next: File[]) {
    setFiles(next);
    setTags(null);
    const only = next.length === 1 ? next[0] : null;
    if (!only || titleTyped.current) return;
    // PDF and DOCX titles are read by the server (metadata or first heading); text files here.
    setTitle("");
    if (isPlainText(only)) void titleOfTextFile(only).then((t) => !titleTyped.current && setTitle(t));
  }

  return {
    files,
    fileError,
    addFiles(added: File[]) {
      const admitted = admitFiles(files, added);
      setFileError(admitted.problem);
      chooseFiles(admitted.files);
    },
    removeFile(index: number) {
      chooseFiles(files.filter((_, i) => i !== index));
    },
    clearFiles() {
      setFiles([]);
    },
    title,
    typeTitle(value: string) {
      titleTyped.current = value.trim() !== "";
      setTitle(value);
    },
    categoryId: categoryId || (confident && suggested ? suggested.id : ""),
    setCategoryId,
    suggested: suggested ? { ...suggested, confidence } : null,
    confident,
    tags: tags ?? (suggestion.data?.tags ?? []).join(", "),
    setTags,
  };
}

export type UploadChoices = ReturnType<typeof useUploadChoices>;
