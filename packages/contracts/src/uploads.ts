/**
 * The upload rules the server enforces (413, 415) and the web announces before sending: one copy,
 * so the form never refuses what the server takes or promises what it refuses.
 */

/** The largest file one upload (or one imported file) may be. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The limit as people read it, in the 413 answer and the form's hint; spelt as the product has always stated it. */
export const MAX_UPLOAD_LABEL = "10MB";

/** The file name endings accepted (the server reads each file's real type; a name alone is never trusted). */
export const ACCEPTED_EXTENSIONS = [".pdf", ".docx", ".txt", ".md", ".markdown"] as const;

/** The media types of the accepted files, for a file picker's `accept`. */
export const ACCEPTED_MEDIA_TYPES = [
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
  "text/markdown",
] as const;

/** Whether a file name ends in an accepted extension (case aside). */
export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** When a file name gives no title at all (".pdf", "___.txt"). */
export const UNTITLED_DOCUMENT = "Untitled document";

/**
 * The title a person would expect from a file name: the name without its folders and extension,
 * underscores read as spaces. "Q3_report.final.pdf" → "Q3 report.final"; a name that is only an
 * extension (".env") keeps it, since it has nothing else.
 */
export function titleFromFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.replace(/_+/g, " ").replace(/\s+/g, " ").trim() || UNTITLED_DOCUMENT;
}

/** A document keeps at most this many tags, each at most this long. */
export const MAX_TAGS = 30;
export const MAX_TAG_CHARS = 50;

/**
 * Tags as they are stored: trimmed, lower case, inner white space collapsed, at most
 * MAX_TAG_CHARS long, duplicates and empty ones dropped, at most MAX_TAGS.
 */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const clean = tag.trim().toLowerCase().replace(/\s+/g, " ").slice(0, MAX_TAG_CHARS);
    if (clean) seen.add(clean);
  }
  return [...seen].slice(0, MAX_TAGS);
}

/** Tags typed as "a, b, c", normalised as the server stores them. */
export function splitTags(text: string): string[] {
  return normaliseTags(text.split(","));
}
