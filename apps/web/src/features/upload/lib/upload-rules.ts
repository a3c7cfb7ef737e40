/** Seed §9: upload limit and accepted types (the server enforces both: 413 and 415). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = [".pdf", ".docx", ".txt", ".md"] as const;
export const ACCEPT_ATTRIBUTE = [
  ...ACCEPTED_EXTENSIONS,
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
  "text/markdown",
].join(",");

/** "Q3 report.final.pdf" → "Q3 report.final"; a name without an extension stays as it is. */
export function titleFromFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** Human file size: 512 B, 1.5 KB, 3.2 MB. */
export { formatBytes as formatFileSize } from "@/lib/format";

/** Plain-text files can be read in the browser for the category suggestion; others send only the title. */
export function isPlainText(file: File): boolean {
  return /\.(txt|md)$/i.test(file.name) || file.type === "text/plain" || file.type === "text/markdown";
}

/** A suggestion at least this sure fills an empty category; a weaker one is only offered. */
export const CONFIDENT_SUGGESTION = 0.6;

/** At most this many files go in one upload; each is its own request with its own result. */
export const MAX_FILES_PER_UPLOAD = 20;

/**
 * The first level-1 or level-2 heading of a text file (`# Title`, or a line underlined with
 * `===`/`---`), as the server reads it; null when there is none. Line by line: linear.
 */
export function titleFromText(text: string): string | null {
  const lines = text.slice(0, 20_000).split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").trimEnd();
    const atx = /^ {0,3}#{1,2}[ \t]+(.+)$/.exec(line);
    const next = lines[i + 1]?.trim() ?? "";
    const setext = line.trim() !== "" && /^(?:={3,}|-{3,})$/.test(next) && !/^\s*[-*+>|]/.test(line);
    const raw = atx?.[1]?.replace(/[ \t]#+$/, "") ?? (setext ? line : null);
    if (raw === null) continue;
    const title = raw.replace(/[*_`]/g, "").replace(/\s+/g, " ").trim();
    if (title && title.length <= 200) return title;
  }
  return null;
}

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
      ? `${tooLarge.map((f) => f.name).join(", ")} ${tooLarge.length === 1 ? "is" : "are"} larger than 10MB, the upload limit.`
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

/** The tags typed as "a, b, c": trimmed, empty ones dropped, at most 30. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "")
    .slice(0, 30);
}
