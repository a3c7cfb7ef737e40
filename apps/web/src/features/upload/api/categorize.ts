import { queryOptions, useQuery } from "@tanstack/react-query";
import { categorizeResultSchema } from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { aiKeys } from "@/lib/query-keys";
import { isPlainText } from "../lib/upload-rules";

export type CategorySuggestion = { categoryId: string; confidence: number; tags: string[] };

/**
 * POST /api/ai/categorize {title, content} → {categoryId, confidence, tags}. Any error or an
 * answer without a category means "no suggestion": the upload form works the same without one.
 */
export async function categorize(title: string, content: string): Promise<CategorySuggestion | null> {
  try {
    const result = await apiFetch("/api/ai/categorize", categorizeResultSchema, {
      method: "POST",
      body: { title, content },
    });
    if (!result.categoryId) return null;
    return { categoryId: result.categoryId, confidence: result.confidence, tags: result.tags };
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
    queryKey: aiKeys.categorizeFile(file.name, file.size, file.lastModified),
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
