import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Document } from "@quire/contracts";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { DocumentThumbnail } from "@/components/documents/document-thumbnail";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/format";
import { DocumentActionsMenu } from "./document-actions-menu";
import "../locale";

/**
 * A document in the grid view: its first page (a link to it), title, status and last update, the
 * checkbox for bulk actions and the actions menu. The list view's card carries the other facts.
 * Memoised as the list's card is.
 */
export const DocumentGridCard = memo(function DocumentGridCard({
  document,
  selected,
  onSelect,
}: {
  document: Document;
  /** With onSelect: the card carries a checkbox for bulk actions. */
  selected?: boolean;
  /** The same function for every card (so the memo holds), told which document. */
  onSelect?: (document: Document, checked: boolean) => void;
}) {
  const { t } = useTranslation("documents");
  const href = paths.document.getHref(document.id);
  return (
    <Card
      className="relative h-full gap-2 p-2 data-[selected=true]:border-primary sm:p-3"
      data-selected={selected === true}
      data-testid={`grid-document-${document.id}`}
    >
      <DocumentThumbnail document={document} className="w-full" testId={`thumbnail-${document.id}`} />
      <div className="flex items-start gap-2">
        {onSelect && (
          <Checkbox
            checked={selected === true}
            onCheckedChange={(checked) => onSelect(document, checked === true)}
            aria-label={t("card.select", { title: document.title })}
            className="relative z-10 mt-0.5 size-5 sm:size-4"
            data-testid={`checkbox-document-${document.id}`}
          />
        )}
        <h2 className="min-w-0 flex-1 text-sm leading-snug font-semibold break-words">
          {/* One link per card, stretched over it: the page and the title open the document. */}
          <Link
            href={href}
            className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline"
            data-testid={`link-document-${document.id}`}
          >
            {document.title}
          </Link>
        </h2>
        <div className="relative z-10">
          <DocumentActionsMenu document={document} />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <StatusBadge status={document.status} data-testid={`status-document-${document.id}`} />
        <time dateTime={document.updatedAt}>{formatDate(document.updatedAt)}</time>
      </div>
    </Card>
  );
});
