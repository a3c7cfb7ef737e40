import type { Features } from "@quire/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateSettings } from "@/lib/api/settings";
import { SettingSwitch } from "./setting-switch";

const featureRows: { key: keyof Features; label: string; description: string }[] = [
  {
    key: "aiSummaries",
    label: "AI Summaries",
    description: "Summaries, key points and risk notes on documents",
  },
  { key: "versionDiff", label: "Version Diff Viewer", description: "Compare versions side by side" },
  {
    key: "approvalWorkflows",
    label: "Approval Workflows",
    description: "Review and final approval of documents",
  },
  {
    key: "semanticSearch",
    label: "Semantic Search",
    description: "Meaning-based ranking beside keyword search",
  },
];

export const saved = () => toast({ title: "Settings saved", description: "Your change has been saved." });
export const failed = (error: unknown) =>
  toast({ variant: "destructive", title: "Save failed", description: errorMessage(error) });

/** Feature Configuration: organisation-wide toggles, saved on the server by an Admin. */
export function FeaturesCard({ features, canEdit }: { features: Features; canEdit: boolean }) {
  const update = useUpdateSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Feature Configuration</CardTitle>
        <CardDescription>
          {canEdit ? "Turn features on or off for everyone." : "Only an Admin can change the features."}
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {featureRows.map((row) => (
          <SettingSwitch
            key={row.key}
            label={row.label}
            description={row.description}
            checked={features[row.key]}
            disabled={!canEdit || update.isPending}
            testId={`switch-${row.key}`}
            onCheckedChange={(checked) =>
              update.mutate({ features: { [row.key]: checked } }, { onSuccess: saved, onError: failed })
            }
          />
        ))}
      </CardContent>
    </Card>
  );
}
