import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_MEDIA_TYPES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LABEL,
  titleFromFilename,
} from "@quire/contracts";
import { firstHeading } from "@quire/textkit";

/** Seed §9: upload limit, accepted types and titles, as the server enforces them (413 and 415). */
export { ACCEPTED_EXTENSIONS, MAX_UPLOAD_BYTES, splitTags, titleFromFilename } from "@quire/contracts";
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_MEDIA_TYPES].join(",");

/** Human file size: 512 B, 1.5 KB, 3.2 MB. */
export { formatBytes as formatFileSize } from "@/lib/format";

/** Plain-text files can be read in the browser for the category suggestion; others send only the title. */
export function isPlainText(file: File): boolean {
  return (
    /\.(txt|md|markdown)$/i.test(file.name) || file.type === "text/plain" || file.type === "text/markdown"
  );
}

/** A suggestion at least this sure fills an empty category; a weaker one is only offered. */
export const CONFIDENT_SUGGESTION = 0.6;

/** At most this many files go in one upload; each is its own request with its own result. */
export const MAX_FILES_PER_UPLOAD = 20;

/** The first level-1 or level-2 heading of a text file, read by the server's own rule; null when none. */
export const titleFromText = firstHeading;

/** The title the form shows for a text file: its first heading, else its file name. */
export async function titleOfTextFile(file: File): Promise<string> {
  try {
    return titleFromText(await file.slice(0, 80_000).text()) ?? titleFromFilename(file.name);
  } catch {
    return titleFromFilename(file.name);
  }
}

/**
 * The files a choice adds to those already chosen: over-limit files left out, at most
 * MAX_FILES_PER_UPLOAD kept, and a sentence saying what was left out (null when nothing was).
 */
export function admitFiles(current: File[], added: File[]): { files: File[]; problem: string | null } {
  const tooLarge = added.filter((f) => f.size > MAX_UPLOAD_BYTES);
  const fitting = [...current, ...added.filter((f) => f.size <= MAX_UPLOAD_BYTES)];
  const problems = [
    tooLarge.length > 0
      ? `${tooLarge.map((f) => f.name).join(", ")} ${tooLarge.length === 1 ? "is" : "are"} larger than ${MAX_UPLOAD_LABEL}, the upload limit.`
      : "",
    fitting.length > MAX_FILES_PER_UPLOAD
      ? `At most ${MAX_FILES_PER_UPLOAD} files go in one upload; the first ${MAX_FILES_PER_UPLOAD} are kept.`
      : "",
  ].filter(Boolean);
  return {
    files: fitting.slice(0, MAX_FILES_PER_UPLOAD),
    problem: problems.length > 0 ? problems.join(" ") : null,
  };
}
