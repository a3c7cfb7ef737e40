import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import type { AiAnswer } from "@quire/contracts";
import { Bot, Loader2, Send } from "lucide-react";
import { AiAnswerView } from "@/components/ai/ai-answer";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useAskAi } from "@/lib/api/ask-ai";
import { QUICK_QUESTIONS } from "../lib/dashboard-logic";
import "../locale";

/**
 * Seed §2 AI assistant card: free question, four quick questions, answer with citations. A question
 * in the address (`?ask=`, from the command palette) is asked as the page opens, then taken out of
 * the address so a reload or Back does not ask it again.
 */
export function AiAssistant() {
  const { t } = useTranslation("dashboard");
  const [params, setParams] = useSearchParams();
  const asked = (params.get("ask") ?? "").trim().slice(0, 1000);
  const [question, setQuestion] = useState(asked);
  const ask = useAskAi();
  const card = useRef<HTMLDivElement>(null);
  const askedOnArrival = useRef<string | null>(null);

  useEffect(() => {
    if (!asked || askedOnArrival.current === asked) return;
    askedOnArrival.current = asked;
    ask.mutate({ question: asked });
    card.current?.scrollIntoView({ block: "start" });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("ask");
        return next;
      },
      { replace: true },
    );
  }, [asked, ask, setParams]);

  const submit = (text: string) => {
    const value = text.trim();
    if (!value || ask.isPending) return;
    ask.mutate({ question: value });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(question);
  };

  return (
    <Card ref={card} className="scroll-mt-20" data-testid="ai-assistant">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bot className="size-5 text-primary" aria-hidden="true" />
          {t("assistant.title")}
        </CardTitle>
        <CardDescription>{t("assistant.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QuestionForm
          question={question}
          onQuestionChange={setQuestion}
          onSubmit={onSubmit}
          pending={ask.isPending}
        />
        <QuickQuestions
          disabled={ask.isPending}
          onPick={(preset) => {
            setQuestion(preset);
            submit(preset);
          }}
        />
        <AskStatus pending={ask.isPending} failed={ask.isError} answer={ask.isSuccess ? ask.data : null} />
      </CardContent>
    </Card>
  );
}

function QuestionForm({
  question,
  onQuestionChange,
  onSubmit,
  pending,
}: {
  question: string;
  onQuestionChange: (question: string) => void;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <form onSubmit={onSubmit} className="flex gap-2">
      <Input
        value={question}
        onChange={(event) => onQuestionChange(event.target.value)}
        placeholder={t("assistant.placeholder")}
        aria-label={t("assistant.inputLabel")}
        maxLength={1000}
        data-testid="input-ai-question"
      />
      <Button type="submit" disabled={!question.trim() || pending} data-testid="button-ask-ai">
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {t("assistant.ask")}
      </Button>
    </form>
  );
}

/**
 * The preset questions. While an answer is pending they are aria-disabled rather than disabled: a
 * disabled button drops the keyboard focus to the page's start, so the person who pressed one
 * had to tab back from the top.
 */
function QuickQuestions({ disabled, onPick }: { disabled: boolean; onPick: (preset: string) => void }) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t("assistant.quickQuestions")}>
      {QUICK_QUESTIONS.map((english, index) => {
        const preset = t(`assistant.presets.${index as 0 | 1 | 2 | 3}`);
        return (
          <Button
            key={english}
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={disabled || undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            onClick={() => {
              if (!disabled) onPick(preset);
            }}
            data-testid={`button-quick-question-${index}`}
          >
            {preset}
          </Button>
        );
      })}
    </div>
  );
}

function AskStatus({
  pending,
  failed,
  answer,
}: {
  pending: boolean;
  failed: boolean;
  answer: AiAnswer | null;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <div aria-live="polite">
      {pending && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="text-ai-thinking">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("assistant.thinking")}
        </p>
      )}
      {failed && (
        <p role="alert" className="text-sm text-destructive" data-testid="text-ai-error">
          {t("assistant.error")}
        </p>
      )}
      {answer && <AiAnswerView answer={answer} />}
    </div>
  );
}
