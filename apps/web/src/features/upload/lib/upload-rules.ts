import {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_MEDIA_TYPES,
  hasAcceptedExtension,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LABEL,
  titleFromFilename,
} from "@quire/contracts";
import { firstHeading } from "@quire/textkit";
import { i18n } from "@/lib/i18n";
import "../locale";

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

/** A suggestion at least this sure fills an empty category (the server files by the same rule); a weaker one is only offered. */
export { AUTO_FILE_CONFIDENCE as CONFIDENT_SUGGESTION } from "@quire/contracts";

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
 * Why the server would refuse a file that the browser can already tell (its name's type, no
 * bytes, over the limit: the contracts' rules), as the end of a sentence naming it; null when
 * nothing is wrong that the browser can see. The server still checks the real type.
 */
export function refusalOf(file: File): string | null {
  if (!hasAcceptedExtension(file.name))
    return i18n.t("upload:refusal.type", { types: ACCEPTED_EXTENSIONS.join(", ") });
  if (file.size === 0) return i18n.t("upload:refusal.empty");
  if (file.size > MAX_UPLOAD_BYTES) return i18n.t("upload:refusal.tooLarge", { limit: MAX_UPLOAD_LABEL });
  return null;
}

/** A file left out at selection, with why (refusalOf). */
export type RefusedFile = { file: File; reason: string };

/**
 * The files a choice adds to those already chosen: files the server would refuse left out (each
 * with its reason, so the list can show it), at most MAX_FILES_PER_UPLOAD kept, and a sentence
 * saying what was left out (null when nothing was).
 */
export function admitFiles(
  current: File[],
  added: File[],
): { files: File[]; refused: RefusedFile[]; problem: string | null } {
  const refused = added.flatMap((file) => {
    const reason = refusalOf(file);
    return reason ? [{ file, reason }] : [];
  });
  const fitting = [...current, ...added.filter((f) => !refused.some((r) => r.file === f))];
  const problems = [
    ...refused.map((r) => i18n.t("upload:refusal.file", { name: r.file.name, reason: r.reason })),
    fitting.length > MAX_FILES_PER_UPLOAD
      ? i18n.t("upload:refusal.tooMany", { max: MAX_FILES_PER_UPLOAD })
      : "",
  ].filter(Boolean);
  return {
    files: fitting.slice(0, MAX_FILES_PER_UPLOAD),
    refused,
    problem: problems.length > 0 ? problems.join(" ") : null,
  };
}
