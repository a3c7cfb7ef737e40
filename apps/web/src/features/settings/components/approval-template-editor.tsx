import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_TEMPLATE_STAGES, type CategoryTemplate, type Group, type TemplateStage } from "@quire/contracts";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useSaveCategoryTemplate } from "../api/approval-template";
import { moveStage, newStage, templateFieldErrors, type FieldErrors } from "../lib/template-draft";
import { TemplateStageFields } from "./template-stage-fields";
import "../locale";

/**
 * One category's approval template as a form. The server checks it (the shared schema and its own
 * rules); what it refuses is shown next to the field it names, and nothing typed is lost.
 */
export function ApprovalTemplateEditor({
  categoryId,
  saved,
  groups,
}: {
  categoryId: string;
  saved: CategoryTemplate;
  groups: readonly Group[];
}) {
  const [stages, setStages] = useState<TemplateStage[]>(saved.template.stages);
  const [errors, setErrors] = useState<FieldErrors>(new Map());
  const [general, setGeneral] = useState<string[]>([]);
  const save = useSaveCategoryTemplate(categoryId);
  // Stages are keyed by a counter, not their index, so a moved stage keeps its inputs' focus and ids.
  const [keys, setKeys] = useState<number[]>(() => stages.map((_, i) => i));
  const [nextKey, setNextKey] = useState(stages.length);
  const { t } = useTranslation("settings");

  const clearErrors = () => {
    setErrors(new Map());
    setGeneral([]);
  };
  const update = (next: TemplateStage[], nextKeys: number[]) => {
    setStages(next);
    setKeys(nextKeys);
    clearErrors();
  };

  function submit(template: CategoryTemplate["template"] | null) {
    clearErrors();
    save.mutate(template, {
      onSuccess: (answer) => {
        setStages(answer.template.stages);
        setKeys(answer.template.stages.map((_, i) => nextKey + i));
        setNextKey(nextKey + answer.template.stages.length);
        toast({
          title: template ? t("template.saved") : t("template.reset"),
          description: template ? t("template.savedDescription") : t("template.resetDescription"),
        });
      },
      onError: (error) => {
        const parsed = templateFieldErrors(errorMessage(error));
        setErrors(parsed.fields);
        setGeneral(parsed.general);
        toast({
          variant: "destructive",
          title: t("template.notSaved"),
          description: t("template.seeFields"),
        });
      },
    });
  }

  return (
    <div className="space-y-3" data-testid="approval-template-editor">
      <p className="text-sm text-muted-foreground" data-testid="text-template-kind">
        {saved.custom ? t("template.custom") : t("template.default")} {t("template.lastIsApproval")}
      </p>
      {general.map((message) => (
        <p key={message} className="text-sm text-destructive" role="alert">
          {message}
        </p>
      ))}
      {stages.map((stage, index) => (
        <TemplateStageFields
          key={keys[index]}
          stage={stage}
          index={index}
          count={stages.length}
          groups={groups}
          errors={errors}
          onChange={(next) =>
            update(
              stages.map((s, i) => (i === index ? next : s)),
              keys,
            )
          }
          onMove={(by) => update(moveStage(stages, index, by), moveStage(keys, index, by))}
          onRemove={() =>
            update(
              stages.filter((_, i) => i !== index),
              keys.filter((_, i) => i !== index),
            )
          }
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={stages.length >= MAX_TEMPLATE_STAGES}
          onClick={() => {
            // A new stage goes before the approval stage, which stays last.
            const at = Math.max(stages.length - 1, 0);
            update(
              [...stages.slice(0, at), newStage(at + 1), ...stages.slice(at)],
              [...keys.slice(0, at), nextKey, ...keys.slice(at)],
            );
            setNextKey(nextKey + 1);
          }}
          data-testid="button-add-stage"
        >
          <Plus className="h-4 w-4" /> {t("template.addStage")}
        </Button>
        <Button
          type="button"
          disabled={save.isPending}
          onClick={() => submit({ stages })}
          data-testid="button-save-template"
        >
          {save.isPending ? t("saving") : t("template.save")}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending || !saved.custom}
          onClick={() => submit(null)}
          data-testid="button-reset-template"
        >
          {t("template.resetToDefault")}
        </Button>
      </div>
    </div>
  );
}
