import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DocumentFacts, DocumentTags } from "@/components/documents/document-meta";
import { DocumentThumbnail } from "@/components/documents/document-thumbnail";
import { paths } from "@/config/paths";
import { useFeatures } from "@/lib/api/settings";
import type { SearchResult } from "@quire/contracts";
import { HighlightedExcerpt } from "./highlighted-excerpt";
import { RelevanceStars } from "./relevance-stars";
import "../locale";

function ResultActions({ documentId, href }: { documentId: string; href: string }) {
  const { t } = useTranslation("search");
  const { aiSummaries } = useFeatures();
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild size="sm">
        <Link href={href} data-testid="button-view-document">
          {t("result.view")}
        </Link>
      </Button>
      {aiSummaries && (
        <Button asChild size="sm" variant="outline">
          <Link
            href={paths.document.getHref(documentId, { expandSummary: true })}
            data-testid="button-view-summary"
          >
            {t("result.summary")}
          </Link>
        </Button>
      )}
    </div>
  );
}

/**
 * Seed §2 search result: title, status, stars, category, owner, date, excerpt, tags, two buttons,
 * beside the document's first page.
 */
export function SearchResultCard({ result }: { result: SearchResult }) {
  const { document } = result;
  // Both links open the document at the passage the excerpt comes from.
  const href = paths.document.getHref(document.id, { passage: result.passage?.ordinal });
  return (
    <Card className="flex-row gap-3 px-4 py-4 sm:gap-4 sm:px-6" data-testid={`result-${document.id}`}>
      <DocumentThumbnail
        document={document}
        className="w-14 self-start sm:w-20"
        testId={`thumbnail-result-${document.id}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 text-lg font-semibold break-words">
            <Link href={href} className="hover:underline" data-testid="link-result-title">
              {document.title}
            </Link>
          </h3>
          <StatusBadge status={document.status} />
          <span className="ml-auto">
            <RelevanceStars score={result.relevanceScore} />
          </span>
        </div>
        <DocumentFacts document={document} showVersions={false} />
        {result.passage?.heading && (
          <p className="text-xs text-muted-foreground" data-testid="text-result-section">
            § {result.passage.heading}
          </p>
        )}
        {result.highlightedExcerpt && (
          <HighlightedExcerpt
            excerpt={result.highlightedExcerpt}
            className="text-sm leading-relaxed break-words"
          />
        )}
        <DocumentTags tags={document.tags} />
        <ResultActions documentId={document.id} href={href} />
      </div>
    </Card>
  );
}
