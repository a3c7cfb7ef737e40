import type { Document } from "@quire/contracts";
import { originalFormat } from "./original-format";

export interface EditOutcome {
  kind: "docx" | "pdf";
  /** The heading of the choice shown before editing. */
  title: string;
  /** What the new version will be, said before the person starts. */
  body: string;
  /** The same, short, beside Save. */
  note: string;
}

/** What saving an edit makes of a document whose original is a Word file or a PDF; null for text. */
export function editOutcome(
  document: Pick<Document, "mediaType" | "originalFilename" | "currentVersionNumber">,
): EditOutcome | null {
  const format = originalFormat(document.mediaType, document.originalFilename);
  const next = document.currentVersionNumber + 1;
  if (format.kind === "docx")
    return {
      kind: "docx",
      title: "This document is a Word file",
      body:
        "Your edit will be saved as a new version in Word format (.docx) generated from the text. " +
        "Headings, lists, tables, emphasis and links are kept; the Word file's own layout (fonts, " +
        "images, headers and footers, tracked changes) is not. To keep that layout, make the change in " +
        "Word and upload the file as a new version.",
      note: `Saving creates version ${next} as a Word file (.docx) generated from this text.`,
    };
  if (format.kind === "pdf")
    return {
      kind: "pdf",
      title: "This document is a PDF",
      body:
        "Your edit will be saved as a new version in text (markdown); the PDF stays the original of " +
        `version ${document.currentVersionNumber}, and every version can still be downloaded as Word (.docx). ` +
        "To keep a PDF, make the change in the source file and upload the new PDF as a new version.",
      note: `Saving creates version ${next} as text (markdown); the PDF stays with version ${document.currentVersionNumber}.`,
    };
  return null;
}
