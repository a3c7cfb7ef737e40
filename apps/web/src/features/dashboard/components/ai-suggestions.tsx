import { useTranslation } from "react-i18next";
import { AlertTriangle, Lightbulb, RefreshCw, type LucideIcon } from "lucide-react";
import type { AiSuggestion } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useAiSuggestions, useApplySuggestion } from "@/features/dashboard/api/ai-suggestions";
import { cn } from "@/lib/utils";
import { confidenceText } from "@/lib/confidence";
import { confidenceBadgeVariant } from "../lib/dashboard-logic";
import { appliedText, suggestionText } from "../lib/suggestion-text";
import "../locale";
import { useUser } from "@/lib/auth";
import { abilityPhrase, actionErrorMessage } from "@/lib/forbidden";

export const SUGGESTION_SKELETONS = 3;

const suggestionIcons: Record<AiSuggestion["icon"], LucideIcon> = {
  lightbulb: Lightbulb,
  sync: RefreshCw,
  "exclamation-triangle": AlertTriangle,
};

const suggestionColours: Record<AiSuggestion["color"], string> = {
  yellow: "bg-yellow-500/15 text-yellow-700 dark:text-yellow-300",
  blue: "bg-blue-500/15 text-blue-700 dark:text-blue-300",
  orange: "bg-orange-500/15 text-orange-700 dark:text-orange-300",
};

export function AiSuggestions() {
  const { t } = useTranslation("dashboard");
  const suggestions = useAiSuggestions();
  const apply = useApplySuggestion();
  const { data: user } = useUser();

  const onApply = (suggestion: AiSuggestion) => {
    apply.mutate(suggestion.id, {
      onSuccess: (result) => toast({ title: t("suggestions.applied"), description: appliedText(result) }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("suggestions.applyFailed"),
          description: actionErrorMessage(error, {
            role: user?.role,
            doing: abilityPhrase("applySuggestions"),
          }),
        }),
    });
  };

  return (
    <Card data-testid="ai-suggestions">
      <CardHeader>
        <CardTitle>{t("suggestions.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {suggestions.isPending ? (
          <div className="space-y-3" role="status" aria-label={t("suggestions.loading")}>
            {Array.from({ length: SUGGESTION_SKELETONS }, (_, i) => (
              <Skeleton key={i} className="h-20" data-testid="skeleton-suggestion" />
            ))}
          </div>
        ) : suggestions.isError ? (
          <ErrorNotice error={suggestions.error} fallback={t("suggestions.failed")} />
        ) : suggestions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="text-no-suggestions">
            {t("suggestions.none")}
          </p>
        ) : (
          <ul className="space-y-3">
            {suggestions.data.map((suggestion) => (
              <SuggestionRow
                key={suggestion.id}
                suggestion={suggestion}
                busy={apply.isPending}
                applying={apply.isPending && apply.variables === suggestion.id}
                onApply={() => onApply(suggestion)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SuggestionRow({
  suggestion,
  busy,
  applying,
  onApply,
}: {
  suggestion: AiSuggestion;
  /** Any suggestion is being applied: one at a time. */
  busy: boolean;
  applying: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation("dashboard");
  const Icon = suggestionIcons[suggestion.icon];
  const text = suggestionText(suggestion);
  return (
    <li className="flex gap-3 rounded-lg border p-3" data-testid={`suggestion-${suggestion.id}`}>
      <span className={cn("h-fit rounded-lg p-2", suggestionColours[suggestion.color])}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium">{text.title}</p>
          <Badge variant={confidenceBadgeVariant(suggestion.confidence)}>
            {confidenceText(suggestion.confidence)}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">{text.description}</p>
        {suggestion.canApply && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={onApply}
            data-testid={`button-apply-${suggestion.id}`}
          >
            {applying ? t("suggestions.applying") : text.action}
          </Button>
        )}
      </div>
    </li>
  );
}
