import { GitCompare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { paths } from "@/config/paths";
import { useDocument } from "@/lib/api/document";
import { useFeatures } from "@/lib/api/settings";
import { useChangeAnalysis } from "../api/changes-since-effective";
import { formatCount } from "@/lib/format";
import { useRiskName } from "./summary-panel";
import "../locale";

/**
 * Inside the decision form: what the version under review changes against the last approved one
 * (the effective version), with the AI change analysis, so a reviewer judges the revision as a whole
 * and not only its last edit. Nothing shows for a first approval or with the diff viewer off.
 */
export function ChangesSinceEffective({ documentId, version }: { documentId: string; version: number }) {
  const { t } = useTranslation("document");
  const riskName = useRiskName();
  const document = useDocument(documentId);
  const features = useFeatures();
  const effective = document.data?.control.effectiveVersion ?? null;
  const shown = features.versionDiff && effective !== null && effective < version;
  const analysis = useChangeAnalysis(documentId, effective ?? 0, version, shown);
  if (!shown) return null;
  return (
    <div className="grid gap-2" data-testid="changes-since-effective">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span>{t("changes.since", { effective, version })}</span>
        <Link
          href={paths.diff.getHref(documentId, effective, version)}
          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          data-testid="link-changes-since-effective"
        >
          <GitCompare className="size-4" aria-hidden="true" />
          {t("changes.compare", { effective, version })}
        </Link>
      </p>
      {analysis.data && (
        <div className="grid gap-1 rounded-md bg-muted/40 p-3 text-sm" data-testid="analysis-since-effective">
          <p>
            <span className="font-medium">{t("changes.analysis")}</span> ·{" "}
            {t("changes.risk", { level: riskName(analysis.data.riskLevel) })} ·{" "}
            {t("changes.lines", {
              count: analysis.data.stats.added,
              added: formatCount(analysis.data.stats.added),
              removed: formatCount(analysis.data.stats.removed),
            })}
          </p>
          {analysis.data.impact && <p className="text-muted-foreground">{analysis.data.impact}</p>}
          {analysis.data.keyChanges.length > 0 && (
            <ul className="list-disc pl-5">
              {analysis.data.keyChanges.slice(0, 5).map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
