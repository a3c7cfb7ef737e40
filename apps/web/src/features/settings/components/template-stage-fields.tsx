import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import {
  negativeOutcomes,
  poolRoles,
  type Group,
  type NegativeOutcome,
  type Quorum,
  type TemplateStage,
} from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { FieldErrors } from "../lib/template-draft";
import "../locale";

/** A negative decision a stage answers: a request for changes, or (at the approval stage) a rejection. */
type Negative = "changes" | "reject";

type Props = {
  stage: TemplateStage;
  index: number;
  count: number;
  groups: readonly Group[];
  errors: FieldErrors;
  onChange: (next: TemplateStage) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** One stage of the template: its name, who may be picked, how many must approve, and what a "no" does. */
export function TemplateStageFields({
  stage,
  index,
  count,
  groups,
  errors,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const id = useId();
  const { t } = useTranslation("settings");
  const approval = index === count - 1;
  const error = (field: string) => errors.get(`stages.${index}.${field}`);
  const set = (patch: Partial<TemplateStage>) => onChange({ ...stage, ...patch });
  const label = t("stage.label", { n: index + 1 });

  return (
    <fieldset
      className="min-w-0 space-y-3 rounded-md border p-3"
      data-testid={`template-stage-${index}`}
      aria-label={`${label}: ${stage.name}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="text-sm font-semibold">
          {label} · {approval ? t("stage.approvalStage") : t("stage.reviewStage")}
        </legend>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("stage.moveUp", { label })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            data-testid={`button-stage-up-${index}`}
          >
            <ArrowUp className="h-4 w-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("stage.moveDown", { label })}
            disabled={approval}
            onClick={() => onMove(1)}
            data-testid={`button-stage-down-${index}`}
          >
            <ArrowDown className="h-4 w-4" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("stage.remove", { label })}
            disabled={count === 1}
            onClick={onRemove}
            data-testid={`button-stage-remove-${index}`}
          >
            <Trash2 className="h-4 w-4" />
          </Button>
        </div>
      </div>

      <Field id={`${id}-name`} label={t("stage.name")} error={error("name")}>
        <Input
          id={`${id}-name`}
          value={stage.name}
          maxLength={80}
          aria-invalid={error("name") ? true : undefined}
          aria-describedby={error("name") ? `${id}-name-error` : undefined}
          onChange={(e) => set({ name: e.target.value })}
          data-testid={`input-stage-name-${index}`}
        />
      </Field>

      <PoolFields
        stage={stage}
        index={index}
        groups={groups}
        error={error("roles") ?? error("groupIds")}
        onChange={set}
      />
      <QuorumField
        id={id}
        index={index}
        quorum={stage.quorum}
        error={error("quorum") ?? error("quorum.n") ?? error("quorum.kind")}
        onChange={(quorum) => set({ quorum })}
      />

      <Field id={`${id}-due`} label={t("stage.due")} error={error("dueDays")}>
        <Input
          id={`${id}-due`}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          className="w-32"
          value={stage.dueDays ?? ""}
          aria-invalid={error("dueDays") ? true : undefined}
          aria-describedby={error("dueDays") ? `${id}-due-error` : undefined}
          onChange={(e) => set({ dueDays: e.target.value === "" ? null : Number(e.target.value) })}
          data-testid={`input-stage-due-${index}`}
        />
      </Field>

      {approval && (
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={stage.sendBack}
            onCheckedChange={(v) => set({ sendBack: v === true })}
            data-testid={`checkbox-stage-sendback-${index}`}
          />
          {t("stage.sendBack")}
        </label>
      )}
      {(!approval || stage.sendBack) && (
        <OutcomeField
          index={index}
          what="changes"
          testId={`select-stage-changes-${index}`}
          value={stage.onChanges}
          onChange={(onChanges) => set({ onChanges })}
        />
      )}
      {approval && (
        <OutcomeField
          index={index}
          what="reject"
          testId={`select-stage-reject-${index}`}
          value={stage.onReject}
          onChange={(onReject) => set({ onReject })}
        />
      )}
    </fieldset>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The stage's pool: holders of the ticked roles and members of the ticked groups. */
function PoolFields({
  stage,
  index,
  groups,
  error,
  onChange,
}: {
  stage: TemplateStage;
  index: number;
  groups: readonly Group[];
  error?: string;
  onChange: (patch: Partial<TemplateStage>) => void;
}) {
  const toggle = <T extends string>(list: readonly T[], value: T, on: boolean): T[] =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
  const { t } = useTranslation(["settings", "common"]);
  return (
    <div className="space-y-1" role="group" aria-label={t("stage.poolLabel", { n: index + 1 })}>
      <p className="text-sm font-medium">{t("stage.pool")}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {poolRoles.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={stage.roles.includes(role)}
              onCheckedChange={(v) => onChange({ roles: toggle(stage.roles, role, v === true) })}
              data-testid={`checkbox-stage-role-${index}-${role}`}
            />
            {t(`common:roles.${role}`)}
          </label>
        ))}
        {groups.map((group) => (
          <label key={group.id} className="flex min-w-0 items-center gap-2 text-sm">
            <Checkbox
              checked={stage.groupIds.includes(group.id)}
              onCheckedChange={(v) => onChange({ groupIds: toggle(stage.groupIds, group.id, v === true) })}
              data-testid={`checkbox-stage-group-${index}-${group.name}`}
            />
            <span className="min-w-0 break-words">{t("stage.group", { name: group.name })}</span>
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t("stage.groupCountsOnce")}</p>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid={`error-stage-pool-${index}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function QuorumField({
  id,
  index,
  quorum,
  error,
  onChange,
}: {
  id: string;
  index: number;
  quorum: Quorum;
  error?: string;
  onChange: (next: Quorum) => void;
}) {
  const choose = (kind: string) =>
    onChange(
      kind === "count"
        ? { kind: "count", n: quorum.kind === "count" ? quorum.n : 2 }
        : kind === "all"
          ? { kind: "all" }
          : { kind: "any" },
    );
  const { t } = useTranslation("settings");
  return (
    <div className="space-y-1">
      <Label id={`${id}-quorum`}>{t("stage.quorum")}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Select value={quorum.kind} onValueChange={choose}>
          <SelectTrigger
            className="w-48 max-w-full"
            aria-labelledby={`${id}-quorum`}
            data-testid={`select-stage-quorum-${index}`}
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">{t("stage.quorumAny")}</SelectItem>
            <SelectItem value="all">{t("stage.quorumAll")}</SelectItem>
            <SelectItem value="count">{t("stage.quorumCount")}</SelectItem>
          </SelectContent>
        </Select>
        {quorum.kind === "count" && (
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            className="w-20"
            aria-label={t("stage.howMany", { n: index + 1 })}
            aria-invalid={error ? true : undefined}
            value={Number.isFinite(quorum.n) ? quorum.n : ""}
            onChange={(e) =>
              onChange({ kind: "count", n: e.target.value === "" ? Number.NaN : Number(e.target.value) })
            }
            data-testid={`input-stage-quorum-n-${index}`}
          />
        )}
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid={`error-stage-quorum-${index}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function OutcomeField({
  index,
  what,
  testId,
  value,
  onChange,
}: {
  index: number;
  what: Negative;
  testId: string;
  value: NegativeOutcome;
  onChange: (next: NegativeOutcome) => void;
}) {
  const { t } = useTranslation("settings");
  const labelId = `${testId}-label`;
  return (
    <div className="space-y-1">
      <Label id={labelId}>{t(`stage.${what}.at`, { n: index + 1 })}</Label>
      <Select value={value} onValueChange={(v) => onChange(negativeOutcomes.find((o) => o === v) ?? "end")}>
        <SelectTrigger className="w-72 max-w-full" aria-labelledby={labelId} data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {negativeOutcomes.map((o) => (
            <SelectItem key={o} value={o}>
              {t(`stage.outcomes.${o}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-muted-foreground">{t(`stage.${what}.${value}`)}</p>
    </div>
  );
}
