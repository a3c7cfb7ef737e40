import type { Document } from "@quire/contracts";
import { i18n } from "@/lib/i18n";
import { originalFormat } from "./original-format";
import "../locale";

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
      title: i18n.t("document:editor.docx.title"),
      body: i18n.t("document:editor.docx.body"),
      note: i18n.t("document:editor.docx.note", { next }),
    };
  if (format.kind === "pdf")
    return {
      kind: "pdf",
      title: i18n.t("document:editor.pdf.title"),
      body: i18n.t("document:editor.pdf.body", { current: document.currentVersionNumber }),
      note: i18n.t("document:editor.pdf.note", { next, current: document.currentVersionNumber }),
    };
  return null;
}
