import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { AiAnswer, Citation } from "@quire/contracts";
import { Badge } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { confidenceBadgeVariant, confidenceText } from "@/lib/confidence";
import "@/components/locale";
import { AnswerText } from "./answer-text";

/** "Leave Policy — 5. Family leave": a cited passage's document and section. */
const placeOf = (citation: Citation) =>
  citation.heading ? `${citation.title} — ${citation.heading}` : citation.title;

/**
 * A declined answer's pointer: the passage that came closest, with what it says, so the reader can
 * judge it; never numbered, since the answer does not rest on it.
 */
function ClosestPassage({ citation, label }: { citation: Citation; label: string }) {
  return (
    <div data-testid="ai-answer-closest">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <Link
        href={paths.document.getHref(citation.documentId, { passage: citation.ordinal })}
        className="mt-1 block text-sm text-primary underline-offset-4 hover:underline"
        data-testid="link-closest-passage"
      >
        {placeOf(citation)}
      </Link>
      <blockquote className="mt-1 border-l-2 pl-3 text-sm text-muted-foreground">{citation.quote}</blockquote>
    </div>
  );
}

/**
 * The answer, how sure it is, and its numbered sources (or, with none, the passage that came
 * closest, or the documents it drew on).
 */
export function AiAnswerView({ answer }: { answer: AiAnswer }) {
  const { t } = useTranslation("shared");
  return (
    // break-words: answers quote tokens, URLs and hashes with no space to wrap at, which pushed a
    // phone's page sideways.
    <div className="space-y-3 rounded-lg border bg-muted/30 p-4 break-words" data-testid="ai-answer">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{t("answer.title")}</span>
        <Badge variant={confidenceBadgeVariant(answer.confidence)} data-testid="badge-ai-confidence">
          {confidenceText(answer.confidence)}
        </Badge>
      </div>
      <AnswerText answer={answer.answer} />
      {answer.citations.length > 0 ? (
        <div>
          <p className="text-xs font-medium text-muted-foreground">{t("answer.sources")}</p>
          <ol className="mt-1 space-y-1 text-sm">
            {answer.citations.map((citation) => (
              <li key={`${citation.n}-${citation.passageId}`}>
                <Link
                  href={paths.document.getHref(citation.documentId, { passage: citation.ordinal })}
                  className="text-primary underline-offset-4 hover:underline"
                  data-testid={`link-citation-${citation.n}`}
                >
                  [{citation.n}] {placeOf(citation)}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      ) : answer.closest ? (
        <ClosestPassage citation={answer.closest} label={t("answer.closest")} />
      ) : (
        answer.relevantDocuments.length > 0 && (
          <div>
            <p className="text-xs font-medium text-muted-foreground">{t("answer.relevantDocuments")}</p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {answer.relevantDocuments.map((title) => (
                <li key={title}>{title}</li>
              ))}
            </ul>
          </div>
        )
      )}
    </div>
  );
}
