import { queryOptions, useQuery } from "@tanstack/react-query";
import { isPlainText } from "../lib/upload-rules";

export type CategorySuggestion = { categoryId: string; confidence: number | null };

/**
 * POST /api/ai/categorize {title, content} → {categoryId, confidence, tags}. A missing endpoint
 * (404/405 until the AI work lands), any error, or an answer without a category means "no
 * suggestion": the upload form works the same without one.
 */
export async function categorize(title: string, content: string): Promise<CategorySuggestion | null> {
  try {
    const res = await fetch("/api/ai/categorize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title, content }),
      credentials: "include",
    });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    if (!body || typeof body !== "object" || !("categoryId" in body) || typeof body.categoryId !== "string") {
      return null;
    }
    const confidence = "confidence" in body && typeof body.confidence === "number" ? body.confidence : null;
    return { categoryId: body.categoryId, confidence };
  } catch {
    return null;
  }
}

/** First 20,000 characters of a plain-text file; binary formats are classified by title alone. */
async function sampleContent(file: File): Promise<string> {
  if (!isPlainText(file)) return "";
  try {
    return (await file.slice(0, 80_000).text()).slice(0, 20_000);
  } catch {
    return "";
  }
}

/** Asked once per chosen file (not per keystroke in the title). */
export const categorizeQueryOptions = (file: File, title: string) =>
  queryOptions({
    queryKey: ["/api/ai/categorize", file.name, file.size, file.lastModified, title] as const,
    queryFn: async () => categorize(title, await sampleContent(file)),
  });

export function useCategorySuggestion(target: { file: File; title: string } | null) {
  return useQuery({
    ...categorizeQueryOptions(target?.file ?? new File([], ""), target?.title ?? ""),
    enabled: target !== null && target.title.trim() !== "",
  });
}
