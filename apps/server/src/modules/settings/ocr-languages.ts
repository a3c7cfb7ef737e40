import { DEFAULT_OCR_LANGUAGES, documentLanguageSchema, type DocumentLanguage } from "@quire/contracts";
import { LRUCache } from "lru-cache";
import { cacheSlot, type AppContext } from "../../context";
import type { Database } from "../../db/client";
import { readSettingValue } from "./repository";

/** Settings key of the languages scanned pages are read in and searches are read in. */
export const OCR_LANGUAGES_KEY = "ocrLanguages";

/** The stored choice, or English when none was made (or it no longer parses). */
export async function readOcrLanguages(db: Database): Promise<DocumentLanguage[]> {
  const parsed = documentLanguageSchema
    .array()
    .min(1)
    .safeParse(await readSettingValue(db, OCR_LANGUAGES_KEY));
  return parsed.success ? [...new Set(parsed.data)] : [...DEFAULT_OCR_LANGUAGES];
}

/**
 * Read on every search and every processed document, changed rarely: one copy per context for a
 * second, as the other settings (a save here drops it at once, another process sees it within).
 */
const CACHE_MS = 1000;
const languagesSlot = cacheSlot(
  "ocr-languages",
  () => new LRUCache<"languages", Promise<DocumentLanguage[]>>({ max: 1, ttl: CACHE_MS }),
);

export function chosenLanguages(ctx: Pick<AppContext, "db" | "caches">): Promise<DocumentLanguage[]> {
  const cache = ctx.caches.get(languagesSlot);
  const hit = cache.get("languages");
  if (hit) return hit;
  const value = readOcrLanguages(ctx.db);
  cache.set("languages", value);
  value.catch(() => cache.delete("languages"));
  return value;
}

export function forgetChosenLanguages(ctx: Pick<AppContext, "caches">): void {
  ctx.caches.get(languagesSlot).clear();
}
