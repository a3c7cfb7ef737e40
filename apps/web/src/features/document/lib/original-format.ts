/** What the stored original is, so buttons can say what they download and the raw page can show it. */
export type OriginalFormat = { kind: "pdf" | "docx" | "markdown" | "text" | "other"; label: string };

const byType: Record<string, OriginalFormat> = {
  "application/pdf": { kind: "pdf", label: "PDF" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { kind: "docx", label: "DOCX" },
  "text/markdown": { kind: "markdown", label: "Markdown" },
  "text/x-markdown": { kind: "markdown", label: "Markdown" },
  "text/plain": { kind: "text", label: "TXT" },
};

const byExtension: Record<string, OriginalFormat> = {
  pdf: { kind: "pdf", label: "PDF" },
  docx: { kind: "docx", label: "DOCX" },
  md: { kind: "markdown", label: "Markdown" },
  markdown: { kind: "markdown", label: "Markdown" },
  txt: { kind: "text", label: "TXT" },
};

/** By the original's media type first, then by its file name's extension. */
export function originalFormat(mediaType: string, fileName: string): OriginalFormat {
  const type = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  const found = byType[type];
  if (found) return found;
  const extension = /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  return byExtension[extension] ?? { kind: "other", label: extension ? extension.toUpperCase() : "file" };
}
