import type { ReactNode } from "react";
import { ChevronLeft, ChevronRight, FileText } from "lucide-react";
import type { Document } from "@quire/contracts";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { DocumentCard } from "./document-card";

export function DocumentListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading documents" data-testid="documents-loading">
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
  return (
    <EmptyState icon={FileText} title="No documents found" description={message} testId="empty-documents">
      {children}
    </EmptyState>
  );
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label="Pages" data-testid="pagination">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

export function DocumentList({ documents, showCategory }: { documents: Document[]; showCategory?: boolean }) {
  return (
    <ul className="grid gap-3" aria-label="Documents" data-testid="documents-list">
      {documents.map((document) => (
        <li key={document.id}>
          <DocumentCard document={document} showCategory={showCategory} />
        </li>
      ))}
    </ul>
  );
}
