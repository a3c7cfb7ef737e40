import { useCallback, useLayoutEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FileText } from "lucide-react";
import type { Document } from "@quire/contracts";
import { EmptyState } from "@/components/empty-state";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { DocumentsView } from "../hooks/use-documents-view";
import { DocumentCard } from "./document-card";
import { DocumentGridCard } from "./document-grid-card";
import "../locale";

export function DocumentListSkeleton({ count = 4, view = "list" }: { count?: number; view?: DocumentsView }) {
  const { t } = useTranslation("documents");
  if (view === "grid") {
    return (
      <div
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-5"
        role="status"
        aria-label={t("loading")}
        data-testid="documents-loading"
      >
        {Array.from({ length: count }, (_, i) => (
          <Card key={i} className="gap-2 p-2 sm:p-3">
            <Skeleton className="aspect-[3/4] w-full" />
            <Skeleton className="h-4 w-2/3" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-3" role="status" aria-label={t("loading")} data-testid="documents-loading">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="gap-2 px-4 py-4">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </Card>
      ))}
    </div>
  );
}

export function EmptyDocuments({ message, children }: { message: string; children?: ReactNode }) {
  const { t } = useTranslation("documents");
  return (
    <EmptyState icon={FileText} title={t("noneFound")} description={message} testId="empty-documents">
      {children}
    </EmptyState>
  );
}

/** Checkboxes on the cards, for bulk actions. */
export interface ListSelection {
  isSelected(id: string): boolean;
  onSelect(document: Document, checked: boolean): void;
}

export function DocumentList({
  documents,
  showCategory,
  selection,
  view = "list",
}: {
  documents: Document[];
  showCategory?: boolean;
  selection?: ListSelection;
  view?: DocumentsView;
}) {
  const { t } = useTranslation("documents");
  const grid = view === "grid";
  const onSelect = useLatestOnSelect(selection);
  return (
    <ul
      className={grid ? "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-5" : "grid gap-3"}
      aria-label={t("listLabel")}
      data-testid="documents-list"
      data-view={view}
    >
      {documents.map((document) => {
        const selectable =
          selection && onSelect ? { selected: selection.isSelected(document.id), onSelect } : {};
        return (
          <li key={document.id}>
            {grid ? (
              <DocumentGridCard document={document} {...selectable} />
            ) : (
              <DocumentCard document={document} showCategory={showCategory} {...selectable} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One onSelect for every card and every render, calling the selection as it is now: the cards are
 * memoised, and a new function per card per render would render all of them again each time.
 */
function useLatestOnSelect(selection: ListSelection | undefined) {
  const latest = useRef(selection);
  useLayoutEffect(() => {
    latest.current = selection;
  });
  const onSelect = useCallback(
    (document: Document, checked: boolean) => latest.current?.onSelect(document, checked),
    [],
  );
  return selection ? onSelect : undefined;
}
