/** How the clean reading view shows a version: by the original's media type, then its file name. */
export type ContentKind = "pdf" | "markdown" | "text";

const markdownTypes = new Set([
  "text/markdown",
  "text/x-markdown",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/msword",
]);

/** Seed §2: "md (or content containing a heading mark)" renders as markdown. */
const headingMark = /^#{1,6}\s/m;

export function contentKind(mediaType: string, fileName: string, content: string): ContentKind {
  const type = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  if (type === "application/pdf" || extension === "pdf") return "pdf";
  if (markdownTypes.has(type) || ["md", "markdown", "docx", "doc"].includes(extension)) return "markdown";
  return headingMark.test(content) ? "markdown" : "text";
}
