import { Link } from "wouter";
import { Calendar, FileText, GitBranch, User } from "lucide-react";
import type { Document } from "@quire/contracts";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Fact } from "@/components/documents/fact";
import { paths } from "@/config/paths";
import { formatDate, formatDateTime } from "@/lib/format";
import { DocumentActionsMenu } from "./document-actions-menu";

function ProcessingBadge({ document }: { document: Document }) {
  if (document.processing.state === "ready") return null;
  return document.processing.state === "failed" ? (
    <Badge variant="destructive">Processing failed</Badge>
  ) : (
    <Badge variant="outline">Processing</Badge>
  );
}

function DocumentFacts({ document, showCategory }: { document: Document; showCategory: boolean }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {showCategory && (
        <Fact label="Category" testId={`text-category-${document.id}`}>
          {document.category.name}
        </Fact>
      )}
      <Fact label="Owner" icon={User}>
        {document.owner}
      </Fact>
      <Fact label="Last updated" icon={Calendar}>
        <time dateTime={document.updatedAt} title={formatDateTime(document.updatedAt)}>
          {formatDate(document.updatedAt)}
        </time>
      </Fact>
      <Fact label="Versions" icon={GitBranch}>
        {document.versionCount} {document.versionCount === 1 ? "version" : "versions"}
      </Fact>
    </dl>
  );
}

function DocumentCardActions({ document, href }: { document: Document; href: string }) {
  return (
    <div className="flex shrink-0 items-center gap-1 self-end sm:self-start">
      <Button asChild variant="outline" size="sm">
        <Link href={href} aria-label={`View ${document.title}`} data-testid={`button-view-${document.id}`}>
          View
        </Link>
      </Button>
      <DocumentActionsMenu document={document} />
    </div>
  );
}

/** Seed §2 document card: title link, status, category, owner, updated, versions, tags, View, menu. */
export function DocumentCard({
  document,
  showCategory = true,
}: {
  document: Document;
  showCategory?: boolean;
}) {
  const href = paths.document.getHref(document.id);
  return (
    <Card className="gap-3 py-4" data-testid={`card-document-${document.id}`}>
      <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start">
        <FileText
          className="mt-0.5 hidden size-5 shrink-0 text-muted-foreground sm:block"
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 font-semibold break-words">
              <Link href={href} className="hover:underline" data-testid={`link-document-${document.id}`}>
                {document.title}
              </Link>
            </h2>
            <StatusBadge status={document.status} data-testid={`status-document-${document.id}`} />
            <ProcessingBadge document={document} />
          </div>
          <DocumentFacts document={document} showCategory={showCategory} />
          {document.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1 pt-1" aria-label="Tags">
              {document.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <DocumentCardActions document={document} href={href} />
      </div>
    </Card>
  );
}
