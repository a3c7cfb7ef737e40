import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  quorumNeeded,
  type CategoryTemplate,
  type Document,
  type StagePicks,
  type UserListItem,
} from "@quire/contracts";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { quorumText } from "@/components/approvals/quorum-text";
import { useKnownName } from "@/components/approvals/known-names";
import { formatCount } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import "@/components/document-parts-locale";

type Stage = CategoryTemplate["template"]["stages"][number];

/** Who may be picked at a stage: holders of its roles (never the owner), and the groups it names. */
function candidates(
  stage: Stage,
  template: CategoryTemplate,
  users: readonly UserListItem[],
  ownerId: string,
) {
  const people = users
    .filter((u) => u.id !== ownerId && (stage.roles as readonly string[]).includes(u.role))
    .map((u) => ({ key: `u:${u.id}`, label: u.username }));
  const groups = stage.groupIds.map((id) => ({
    key: `g:${id}`,
    label: i18n.t("document-parts:submit.anyMember", {
      group: template.groups.find((g) => g.id === id)?.name ?? i18n.t("document-parts:submit.group"),
    }),
  }));
  return [...people, ...groups];
}

/** The author's picks for each stage of the category's template, and whether each has enough. */
export function useStagePicks(template: CategoryTemplate | undefined) {
  const [picked, setPicked] = useState<ReadonlyArray<ReadonlySet<string>>>([]);
  const stages = template?.template.stages ?? [];
  const at = (i: number) => picked[i] ?? new Set<string>();
  function toggle(i: number, key: string, on: boolean) {
    const next = stages.map((_, j) => new Set(at(j)));
    if (on) next[i]!.add(key);
    else next[i]!.delete(key);
    setPicked(next);
  }
  const ready =
    stages.length > 0 &&
    stages.every((s, i) => at(i).size > 0 && at(i).size >= quorumNeeded(s.quorum, at(i).size));
  const body: StagePicks = stages.map((_, i) => ({
    assignees: [...at(i)].map((key) =>
      key.startsWith("g:") ? { groupId: key.slice(2) } : { userId: key.slice(2) },
    ),
  }));
  return { at, toggle, ready, body };
}

/** One block per stage: its rule in words and the people and groups to tick. */
export function StagePicksFields({
  template,
  users,
  document,
  picks,
}: {
  template: CategoryTemplate;
  users: readonly UserListItem[];
  document: Document;
  picks: ReturnType<typeof useStagePicks>;
}) {
  const { t } = useTranslation("document-parts");
  const stageName = useKnownName("templateStage");
  return (
    <div className="grid gap-4" data-testid="submit-stages">
      {template.template.stages.map((stage, i) => (
        <fieldset key={i} className="grid gap-2 rounded-md border p-3" data-testid={`submit-stage-${i + 1}`}>
          <legend className="px-1 text-sm font-medium">
            {t("submit.stage", { n: i + 1, name: stageName(stage.name) })}
          </legend>
          <p className="text-xs text-muted-foreground">
            {t("submit.mustApprove", { who: quorumText(stage.quorum) })}
            {stage.dueDays
              ? ` · ${t("submit.dueDays", { count: stage.dueDays, n: formatCount(stage.dueDays) })}`
              : ""}
          </p>
          <ul className="grid gap-2">
            {candidates(stage, template, users, document.ownerId).map((c) => (
              <li key={c.key} className="flex items-center gap-2">
                <Checkbox
                  id={`stage-${i}-${c.key}`}
                  checked={picks.at(i).has(c.key)}
                  onCheckedChange={(checked) => picks.toggle(i, c.key, checked === true)}
                  data-testid={`checkbox-stage-${i + 1}-${c.label.split(" ")[0]}`}
                />
                <Label htmlFor={`stage-${i}-${c.key}`} className="font-normal">
                  {c.label}
                </Label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
