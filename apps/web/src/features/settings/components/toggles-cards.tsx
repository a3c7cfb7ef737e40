import { useTranslation } from "react-i18next";
import type { Features } from "@quire/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateSettings } from "@/lib/api/settings";
import { i18n } from "@/lib/i18n";
import { SettingSwitch } from "./setting-switch";
import "../locale";

/** The switches in order; each names its label and description under `features.<key>`. */
const featureKeys: readonly (keyof Features)[] = [
  "aiSummaries",
  "versionDiff",
  "approvalWorkflows",
  "semanticSearch",
];

export const saved = () =>
  toast({ title: i18n.t("settings:saved"), description: i18n.t("settings:savedChange") });
export const failed = (error: unknown) =>
  toast({ variant: "destructive", title: i18n.t("settings:saveFailed"), description: errorMessage(error) });

/** Feature Configuration: organisation-wide toggles, saved on the server by an Admin. */
export function FeaturesCard({ features, canEdit }: { features: Features; canEdit: boolean }) {
  const { t } = useTranslation("settings");
  const update = useUpdateSettings();
  return (
    <Card data-testid="card-features">
      <CardHeader>
        <CardTitle>{t("features.title")}</CardTitle>
        <CardDescription>{canEdit ? t("features.description") : t("features.readOnly")}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {featureKeys.map((key) => (
          <SettingSwitch
            key={key}
            label={t(`features.${key}.label`)}
            description={t(`features.${key}.description`)}
            checked={features[key]}
            disabled={!canEdit || update.isPending}
            testId={`switch-${key}`}
            onCheckedChange={(checked) =>
              update.mutate({ features: { [key]: checked } }, { onSuccess: saved, onError: failed })
            }
          />
        ))}
      </CardContent>
    </Card>
  );
}
