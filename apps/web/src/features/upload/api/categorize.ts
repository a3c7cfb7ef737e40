import { queryOptions, useQuery } from "@tanstack/react-query";
import { categorizeResultSchema, type CategorizeResult } from "@quire/contracts";
import { isPlainText } from "../lib/upload-rules";

export type CategorySuggestion = { categoryId: string; confidence: number; tags: string[] };

function suggestionOf(body: unknown): CategorySuggestion | null {
  const parsed = categorizeResultSchema.safeParse(body);
  if (!parsed.success || !parsed.data.categoryId) return null;
  return { categoryId: parsed.data.categoryId, confidence: parsed.data.confidence, tags: parsed.data.tags };
}

/**
 * POST /api/ai/categorize {title, content} → {categoryId, confidence, tags}. Any error or an
 * answer without a category means "no suggestion": the upload form works the same without one.
 */
export async function categorize(title: string, content: string): Promise<CategorySuggestion | null> {
  try {
    const res = await fetch("/api/ai/categorize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title, content }),
      credentials: "include",
    });
    return res.ok ? suggestionOf(await res.json()) : null;
  } catch {
    return null;
  }
}

/** First 20,000 characters of a plain-text file (PDF and DOCX are suggested for after upload). */
export async function sampleContent(file: File): Promise<string> {
  if (!isPlainText(file)) return "";
  try {
    return (await file.slice(0, 80_000).text()).slice(0, 20_000);
  } catch {
    return "";
  }
}

/**
 * Asked once per chosen text file. PDF and DOCX are not asked here: their text is known only once
 * the server has converted them, so their suggestion comes after upload (useStoredSuggestion).
 */
export const categorizeQueryOptions = (file: File) =>
  queryOptions({
    queryKey: ["/api/ai/categorize", file.name, file.size, file.lastModified] as const,
    queryFn: async () => {
      const content = await sampleContent(file);
      return content.trim() === "" ? null : categorize("", content);
    },
  });

export function useCategorySuggestion(file: File | null) {
  return useQuery({
    ...categorizeQueryOptions(file ?? new File([], "")),
    enabled: file !== null && isPlainText(file),
  });
}

/** GET /api/ai/categorize/{id}: where a stored document's converted (and OCR'd) text belongs. */
export function useStoredSuggestion(documentId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ["/api/ai/categorize", documentId ?? ""] as const,
    queryFn: async (): Promise<CategorizeResult | null> => {
      const res = await fetch(`/api/ai/categorize/${encodeURIComponent(documentId ?? "")}`, {
        credentials: "include",
      });
      if (!res.ok) return null;
      const parsed = categorizeResultSchema.safeParse(await res.json());
      return parsed.success ? parsed.data : null;
    },
    enabled: documentId !== null && enabled,
  });
}
