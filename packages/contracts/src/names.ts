import { z } from "zod";

/**
 * What a name of a group or category is once it is stored: its compatibility form (NFKC, so a
 * full-width "Ｖａｕｌｔ" is "Vault"), without characters that show nothing (zero-width spaces,
 * soft hyphens, joiners, variation selectors: Unicode's default-ignorable code points) or that only
 * reorder what is shown (bidirectional controls such as the right-to-left override), with runs of
 * spaces, tabs and line breaks as one space, trimmed. Two names that look alike because of such
 * characters are then the same text; look-alike letters (Cyrillic "а" for Latin "a") are caught by
 * the server's confusable comparison.
 */
export function normaliseName(raw: string): string {
  return raw
    .normalize("NFKC")
    .replace(/[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu, "")
    .replace(/[\p{White_Space}\p{Cc}]+/gu, " ")
    .trim();
}

/** A group's or category's name as it is given: normalised (normaliseName), 1 to 100 characters. */
export const displayNameSchema = z.string().overwrite(normaliseName).min(1, "name is required").max(100);
