import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { Conversion } from "./convert.js";
import type { Converter } from "./convert-pool.js";
import type { SupportedKind } from "./sniff.js";

export interface RecentConversionLimits {
  /** How long a conversion is kept: long enough for a person to finish the upload form. */
  ttlMs: number;
  /** The markdown characters kept in all (each conversion is capped at 5 million). */
  maxChars: number;
}

const DEFAULT_LIMITS: RecentConversionLimits = { ttlMs: 10 * 60_000, maxChars: 20_000_000 };

/**
 * The upload form converts a chosen file to suggest its category (POST /upload/analyse), and the
 * upload that follows converts the same bytes again: a PDF paid twice. This keeps recent
 * conversions by the file's sha256 and kind, and shares one still running, so the upload reuses
 * the analysis. Bounded by total characters and time; failures are not kept (the next try
 * converts again and gets its own reason). OCR is not cached: it runs once, after the upload.
 */
export function rememberRecentConversions(
  inner: Converter,
  limits: RecentConversionLimits = DEFAULT_LIMITS,
): Converter {
  // An entry still converting counts as one character until its size is known.
  const kept = new LRUCache<string, { conversion: Promise<Conversion>; chars: number }>({
    ttl: limits.ttlMs,
    maxSize: limits.maxChars,
    sizeCalculation: (entry) => entry.chars,
  });
  return {
    convert(bytes: Uint8Array, kind: SupportedKind): Promise<Conversion> {
      const key = `${kind}:${createHash("sha256").update(bytes).digest("hex")}`;
      const known = kept.get(key);
      // Each caller gets its own arrays, so one cannot change what another reads.
      if (known)
        return known.conversion.then((c) => ({
          ...c,
          pagesNeedingOcr: [...c.pagesNeedingOcr],
          warnings: [...c.warnings],
        }));
      const converting = inner.convert(bytes, kind);
      kept.set(key, { conversion: converting, chars: 1 });
      converting.then(
        (conversion) => {
          // Its real size, if it is still the entry (a newer one may have replaced it).
          if (kept.peek(key)?.conversion === converting)
            kept.set(key, { conversion: converting, chars: Math.max(1, conversion.markdown.length) });
        },
        () => {
          if (kept.peek(key)?.conversion === converting) kept.delete(key);
        },
      );
      return converting;
    },
    ocr: (bytes, pages, languages) => inner.ocr(bytes, pages, languages),
    thumbnail: (source) => inner.thumbnail(source),
    warm: () => inner.warm(),
    close: () => inner.close(),
  };
}
