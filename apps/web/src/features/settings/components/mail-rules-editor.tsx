import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { MAX_MAIL_RULES } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { emptyRule, type RuleDraft } from "./use-mail-account-form";
import "../locale";

type TextField = "from" | "to" | "subject" | "attachment" | "category" | "tags" | "owner";

/** What a message must hold, then what it becomes; each labelled by `mailRules.fields.<field>`. */
const conditions: readonly TextField[] = ["from", "to", "subject", "attachment"];
const outcomes: readonly TextField[] = ["category", "tags", "owner"];

function RuleField({
  rule,
  index,
  field,
  onChange,
}: {
  rule: RuleDraft;
  index: number;
  field: TextField;
  onChange: (patch: Partial<RuleDraft>) => void;
}) {
  const { t } = useTranslation("settings");
  const id = `rule-${rule.key}-${field}`;
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs">
        {t(`mailRules.fields.${field}.label`)}
      </Label>
      <Input
        id={id}
        data-testid={`input-rule-${index}-${field}`}
        value={rule[field]}
        placeholder={t(`mailRules.fields.${field}.placeholder`)}
        maxLength={field === "tags" ? 600 : 200}
        autoComplete="off"
        onChange={(e) => onChange({ [field]: e.target.value })}
      />
    </div>
  );
}

function RuleCard({
  rule,
  index,
  count,
  onChange,
  onRemove,
  onMove,
}: {
  rule: RuleDraft;
  index: number;
  count: number;
  onChange: (patch: Partial<RuleDraft>) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <li className="space-y-3 rounded-md border p-3" data-testid={`rule-${index}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex-1 text-sm font-medium">{t("mail.rule", { n: index + 1 })}</span>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={t("mailRules.moveUp", { n: index + 1 })}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={t("mailRules.moveDown", { n: index + 1 })}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={t("mailRules.remove", { n: index + 1 })}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {conditions.map((field) => (
          <RuleField key={field} rule={rule} index={index} field={field} onChange={onChange} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t("mailRules.emptyMatches")}</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {outcomes.map((field) => (
          <RuleField key={field} rule={rule} index={index} field={field} onChange={onChange} />
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`rule-${rule.key}-body`}
          checked={rule.importBody}
          onCheckedChange={(v) => onChange({ importBody: v === true })}
          data-testid={`checkbox-rule-${index}-body`}
        />
        <Label htmlFor={`rule-${rule.key}-body`} className="font-normal">
          {t("mailRules.importBody")}
        </Label>
      </div>
    </li>
  );
}

/** The account's rules in order: the first whose conditions all hold decides what a message becomes. */
export function MailRulesEditor({
  rules,
  setRules,
  setRule,
  removeRule,
  moveRule,
}: {
  rules: RuleDraft[];
  setRules: (update: (prev: RuleDraft[]) => RuleDraft[]) => void;
  setRule: (key: number, patch: Partial<RuleDraft>) => void;
  removeRule: (key: number) => void;
  moveRule: (key: number, by: -1 | 1) => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("mailRules.title")}</legend>
      <p className="text-xs text-muted-foreground">{t("mailRules.description")}</p>
      {rules.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="text-no-rules">
          {t("mailRules.none")}
        </p>
      )}
      <ol className="space-y-2">
        {rules.map((rule, index) => (
          <RuleCard
            key={rule.key}
            rule={rule}
            index={index}
            count={rules.length}
            onChange={(patch) => setRule(rule.key, patch)}
            onRemove={() => removeRule(rule.key)}
            onMove={(by) => moveRule(rule.key, by)}
          />
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={rules.length >= MAX_MAIL_RULES}
        onClick={() => setRules((prev) => [...prev, emptyRule()])}
        data-testid="button-add-rule"
      >
        <Plus aria-hidden="true" />
        {t("mailRules.add")}
      </Button>
    </fieldset>
  );
}
