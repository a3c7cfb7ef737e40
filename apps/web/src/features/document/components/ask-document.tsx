import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Loader2, MessageSquareText, Send } from "lucide-react";
import { AiAnswerView } from "@/components/ai/ai-answer";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useAskAi } from "@/lib/api/ask-ai";
import { errorMessage } from "@/lib/api-client";
import "../locale";

/**
 * "Ask about this document": the assistant answers from this document's text only (the server
 * checks the reader may read it), with citations that link to the passage.
 */
export function AskDocumentPanel({ documentId }: { documentId: string }) {
  const { t } = useTranslation("document");
  const [question, setQuestion] = useState("");
  const ask = useAskAi();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = question.trim();
    if (!value || ask.isPending) return;
    ask.mutate({ question: value, documentId });
  };
  return (
    <Card className="gap-3 py-4" data-testid="panel-ask-document">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageSquareText className="size-4 text-primary" aria-hidden="true" />
          {t("ask.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        <form onSubmit={onSubmit} className="flex gap-2">
          <Input
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder={t("ask.placeholder")}
            aria-label={t("ask.label")}
            maxLength={1000}
            data-testid="input-ask-document"
          />
          <Button
            type="submit"
            size="sm"
            className="h-9"
            disabled={!question.trim() || ask.isPending}
            data-testid="button-ask-document"
          >
            {ask.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {t("ask.ask")}
          </Button>
        </form>
        <div aria-live="polite">
          {ask.isPending && <p className="text-sm text-muted-foreground">{t("ask.reading")}</p>}
          {ask.isError && (
            <p role="alert" className="text-sm text-destructive" data-testid="text-ask-document-error">
              {errorMessage(ask.error, t("ask.failed"))}
            </p>
          )}
          {ask.isSuccess && <AiAnswerView answer={ask.data} />}
        </div>
      </CardContent>
    </Card>
  );
}
