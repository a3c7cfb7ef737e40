import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { FileText } from "lucide-react";
import type { Document } from "@quire/contracts";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { DocumentFacts, DocumentTags } from "@/components/documents/document-meta";
import { paths } from "@/config/paths";
import { DocumentActionsMenu } from "./document-actions-menu";
import "../locale";

function ProcessingBadge({ state }: { state: "processing" | "failed" }) {
  const { t } = useTranslation("documents");
  return state === "failed" ? (
    <Badge variant="destructive">{t("card.processingFailed")}</Badge>
  ) : (
    <Badge variant="outline">{t("card.processing")}</Badge>
  );
}

/**
 * Seed §2 document card: title link, status, category, owner, updated, versions, tags, View, menu.
 * Memoised: the page renders again as its other answers arrive (categories, facets, settings),
 * and a card changes only with its document or its checkbox.
 */
export const DocumentCard = memo(function DocumentCard({
  document,
  showCategory = true,
  selected,
  onSelect,
}: {
  document: Document;
  showCategory?: boolean;
  /** With onSelect: the card carries a checkbox for bulk actions. */
  selected?: boolean;
  /** The same function for every card (so the memo holds), told which document. */
  onSelect?: (document: Document, checked: boolean) => void;
}) {
  const { t } = useTranslation("documents");
  const href = paths.document.getHref(document.id);
  const checkbox = onSelect ? (
    <Checkbox
      checked={selected === true}
      onCheckedChange={(checked) => onSelect(document, checked === true)}
      aria-label={t("card.select", { title: document.title })}
      className="size-5 sm:size-4"
      data-testid={`checkbox-document-${document.id}`}
    />
  ) : null;
  const processing = document.processing.state;
  return (
    <Card
      className="gap-3 py-4 data-[selected=true]:border-primary"
      data-selected={selected === true}
      data-testid={`card-document-${document.id}`}
    >
      <div className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start">
        <FileText
          className="mt-0.5 hidden size-5 shrink-0 text-muted-foreground sm:block"
          aria-hidden="true"
        />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            {checkbox}
            <h2 className="min-w-0 font-semibold break-words">
              <Link href={href} className="hover:underline" data-testid={`link-document-${document.id}`}>
                {document.title}
              </Link>
            </h2>
            <StatusBadge status={document.status} data-testid={`status-document-${document.id}`} />
            {processing !== "ready" && <ProcessingBadge state={processing} />}
          </div>
          <DocumentFacts document={document} showCategory={showCategory} />
          <DocumentTags tags={document.tags} className="pt-1" />
        </div>
        <div className="flex shrink-0 items-center gap-1 self-end sm:self-start">
          <Button asChild variant="outline" size="sm">
            <Link
              href={href}
              aria-label={t("card.viewLabel", { title: document.title })}
              data-testid={`button-view-${document.id}`}
            >
              {t("card.view")}
            </Link>
          </Button>
          <DocumentActionsMenu document={document} />
        </div>
      </div>
    </Card>
  );
});
