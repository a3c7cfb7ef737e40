import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Bot, Loader2 } from "lucide-react";
import { AiAnswerView } from "@/components/ai/ai-answer";
import { askAi } from "@/lib/api/ask-ai";
import { aiKeys } from "@/lib/query-keys";
import "../locale";

/**
 * The assistant's answer to a search that reads as a question, above the results: it cites the
 * passages it quotes, from the documents the reader may see (the server's rules for every ask).
 * A failure leaves the results alone and says the answer is missing.
 */
export function SearchAnswer({ question }: { question: string }) {
  const { t } = useTranslation("search");
  const answer = useQuery({
    queryKey: aiKeys.answer(question),
    queryFn: () => askAi({ question }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return (
    <section aria-labelledby="search-answer-heading" className="space-y-2" data-testid="search-answer">
      <h2 id="search-answer-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Bot className="size-5 text-primary" aria-hidden="true" />
        {t("answer.title")}
      </h2>
      <div aria-live="polite">
        {answer.isPending && (
          <p
            className="flex items-center gap-2 text-sm text-muted-foreground"
            data-testid="text-search-answer-pending"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {t("answer.pending")}
          </p>
        )}
        {answer.isError && (
          <p className="text-sm text-muted-foreground" data-testid="text-search-answer-error">
            {t("answer.failed")}
          </p>
        )}
        {answer.isSuccess && <AiAnswerView answer={answer.data} />}
      </div>
    </section>
  );
}
