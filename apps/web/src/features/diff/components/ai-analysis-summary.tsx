import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDiffAnalysis, type DiffAnalysis } from "../api/get-diff-analysis";
import { diffRowId } from "@/components/diff/row-anchor";
import { i18n } from "@/lib/i18n";
import "@/components/document-parts-locale";

/** A risk level in the interface's language; one the catalogue does not know, as the server wrote it. */
const riskName = (level: string) =>
  i18n.exists(`document-parts:diffPage.riskLevels.${level}`)
    ? i18n.t(`document-parts:diffPage.riskLevels.${level as "Low"}`)
    : level;

function text(item: unknown): string {
  if (typeof item === "string") return item;
  if (item && typeof item === "object") {
    const record = item as Record<string, unknown>;
    for (const key of ["text", "description", "message", "summary", "title"]) {
      if (typeof record[key] === "string") return record[key];
    }
  }
  return "";
}

interface KeyChangeLink {
  text: string;
  href: string | null;
}

/** Key changes with a link to their row when the server says where they are. */
function keyChangeLinks(
  data: { keyChanges?: unknown[]; keyChangeItems?: unknown[] } | undefined,
): KeyChangeLink[] {
  const items = Array.isArray(data?.keyChangeItems) ? data.keyChangeItems : null;
  if (items) {
    return items
      .map((item) => {
        const record = (item ?? {}) as Record<string, unknown>;
        const line = (key: string) => (typeof record[key] === "number" ? (record[key] as number) : null);
        const id = diffRowId(line("newLine"), line("oldLine"));
        return { text: text(item), href: id ? `#${id}` : null };
      })
      .filter((c) => c.text !== "");
  }
  return (data?.keyChanges ?? [])
    .map((item) => ({ text: text(item), href: null }))
    .filter((c) => c.text !== "");
}

/** Tolerates a list as well as the contract's single string, as the key changes do. */
function impactLines(data: DiffAnalysis | undefined): string[] {
  return Array.isArray(data?.impact)
    ? data.impact.map(text).filter(Boolean)
    : data?.impact
      ? [data.impact]
      : [];
}

function riskVariant(level: string | undefined) {
  if (level === "High") return "destructive" as const;
  if (level === "Medium") return "warning" as const;
  return "secondary" as const;
}

/** Seed §2 'AI Analysis Summary': hidden while the server answers 404 (no analysis yet). */
export function AiAnalysisSummary({
  documentId,
  from,
  to,
}: {
  documentId: string;
  from: number;
  to: number;
}) {
  const { t } = useTranslation("document-parts");
  const analysis = useDiffAnalysis(documentId, from, to);
  if (analysis.data === null || analysis.isError) return null;
  const data = analysis.data;

  return (
    <Card className="gap-3 border-primary/30" data-testid="card-ai-analysis">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Sparkles className="size-5 text-primary" aria-hidden="true" />
          {t("diffPage.analysis")}
          {data?.riskLevel && (
            <Badge variant={riskVariant(data.riskLevel)} data-testid="badge-analysis-risk">
              {t("diffPage.risk", { level: riskName(data.riskLevel) })}
            </Badge>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {analysis.isPending ? (
          <div className="grid gap-2" role="status">
            <p className="text-muted-foreground">{t("diffPage.generating")}</p>
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : (
          <>
            <KeyChanges changes={keyChangeLinks(data)} />
            <Impact lines={impactLines(data)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function KeyChanges({ changes }: { changes: KeyChangeLink[] }) {
  const { t } = useTranslation("document-parts");
  return (
    <div>
      <h3 className="mb-1 font-semibold">{t("diffPage.keyChanges")}</h3>
      {changes.length === 0 ? (
        <p className="text-muted-foreground">{t("diffPage.noChanges")}</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {changes.map((change, i) => (
            <li key={i}>
              {change.href ? (
                <a
                  href={change.href}
                  className="underline decoration-dotted underline-offset-2 hover:text-primary"
                  data-testid="link-key-change"
                >
                  {change.text}
                </a>
              ) : (
                change.text
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Impact({ lines }: { lines: string[] }) {
  const { t } = useTranslation("document-parts");
  if (lines.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 font-semibold">{t("diffPage.impact")}</h3>
      {lines.map((line, i) => (
        <p key={i} className="text-muted-foreground">
          {line}
        </p>
      ))}
    </div>
  );
}
