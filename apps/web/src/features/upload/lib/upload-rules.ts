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
