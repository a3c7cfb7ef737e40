import { useCallback, useState } from "react";

/** How document lists show their documents: cards in a column, or a grid of first pages. */
export type DocumentsView = "list" | "grid";

/** This browser's choice; the lists of every category share it. */
export const DOCUMENTS_VIEW_KEY = "quire-documents-view";

export function readDocumentsView(): DocumentsView {
  try {
    return localStorage.getItem(DOCUMENTS_VIEW_KEY) === "grid" ? "grid" : "list";
  } catch {
    return "list";
  }
}

/** The list or grid view, remembered per browser (not per account: it suits the screen). */
export function useDocumentsView(): [DocumentsView, (view: DocumentsView) => void] {
  const [view, setView] = useState<DocumentsView>(readDocumentsView);
  const choose = useCallback((next: DocumentsView) => {
    setView(next);
    try {
      localStorage.setItem(DOCUMENTS_VIEW_KEY, next);
    } catch {
      // Storage refused (private mode, quota): the choice holds for this page.
    }
  }, []);
  return [view, choose];
}
