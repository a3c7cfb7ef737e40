import { Lightbulb } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useImprovements } from "../api/get-improvements";
import { useRiskName } from "./summary-panel";
import "../locale";

function priorityVariant(priority: string) {
  if (priority === "High") return "destructive" as const;
  if (priority === "Medium") return "warning" as const;
  return "secondary" as const;
}

/** 'AI Improvement Suggestions' from the server's content checks; hidden while it offers none (404). */
export function ImprovementSuggestions({ documentId }: { documentId: string }) {
  const { t } = useTranslation("document");
  // A priority is named with the risk levels' words (High, Medium, Low).
  const priorityName = useRiskName();
  const improvements = useImprovements(documentId);
  if (improvements.data === null || improvements.isError) return null;

  return (
    <Card className="gap-4" data-testid="card-improvements">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-yellow-500" aria-hidden="true" />
          {t("improvements.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {improvements.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t("improvements.loading")}>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : improvements.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("improvements.none")}</p>
        ) : (
          <ul className="grid gap-3">
            {improvements.data.map((item, i) => (
              <li key={item.id ?? i} className="rounded-md border p-3" data-testid="item-improvement">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{item.title}</span>
                  {item.priority && (
                    <Badge variant={priorityVariant(item.priority)}>{priorityName(item.priority)}</Badge>
                  )}
                  {item.type && <Badge variant="outline">{item.type}</Badge>}
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{item.description}</p>
                {item.estimatedTime && (
                  <p className="mt-1 text-xs text-muted-foreground">
                    {t("improvements.estimated", { time: item.estimatedTime })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
