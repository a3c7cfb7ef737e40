import { controlledCopyStamp, type Document, type OriginalPurpose } from "@quire/contracts";
/**
 * Seed §2: "Download saves the current content as a text file named from the title with
 * non-alphanumeric characters replaced by underscores"; the raw page adds `_raw`.
 */
export function textFileName(title: string, suffix = ""): string {
  return `${title.replace(/[^a-zA-Z0-9]/g, "_")}${suffix}.txt`;
}

/** Saves text through a temporary object URL and a synthetic link click. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GET /api/documents/{id}/versions/{v}/original: the uploaded bytes under their own name. The app's
 * own viewers ask with purpose "view", so the audit records a read, not a copy taken.
 */
export function originalUrl(
  documentId: string,
  version: number,
  purpose: OriginalPurpose = "download",
): string {
  const url = `/api/documents/${encodeURIComponent(documentId)}/versions/${version}/original`;
  return purpose === "view" ? `${url}?purpose=view` : url;
}

/**
 * GET /api/documents/{id}/versions/{v}/download?format=docx: the version as a Word file (its
 * original when that is one, else written from its text).
 */
export function wordUrl(documentId: string, version: number): string {
  return `/api/documents/${encodeURIComponent(documentId)}/versions/${version}/download?format=docx`;
}

/**
 * The controlled-copy line an export carries when the text exported is the effective version, so a
 * copy printed or saved says which version it was and that it is not kept up to date.
 */
export function controlledCopy(document: Document): string | null {
  const { effectiveVersion, periodicReview } = document.control;
  if (effectiveVersion === null || effectiveVersion !== document.currentVersionNumber) return null;
  return periodicReview.effectiveOn
    ? controlledCopyStamp(effectiveVersion, periodicReview.effectiveOn)
    : null;
}

/** The text as exported: the controlled-copy line first when it applies. */
export function exportedText(document: Document): string {
  const stamp = controlledCopy(document);
  return stamp ? `${stamp}\n\n${document.currentVersion.content}` : document.currentVersion.content;
}
