import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FileText } from "lucide-react";
import type { Document } from "@quire/contracts";
import { EmptyState } from "@/components/empty-state";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { DocumentCard } from "./document-card";
import "../locale";

export function DocumentListSkeleton({ count = 4 }: { count?: number }) {
  const { t } = useTranslation("documents");
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
}: {
  documents: Document[];
  showCategory?: boolean;
  selection?: ListSelection;
}) {
  const { t } = useTranslation("documents");
  return (
    <ul className="grid gap-3" aria-label={t("listLabel")} data-testid="documents-list">
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentCard
            document={document}
            showCategory={showCategory}
            {...(selection
              ? {
                  selected: selection.isSelected(document.id),
                  onSelect: (checked: boolean) => selection.onSelect(document, checked),
                }
              : {})}
          />
        </li>
      ))}
    </ul>
  );
}
