import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { MAX_MAIL_RULES } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { emptyRule, type RuleDraft } from "./use-mail-account-form";

type TextField = "from" | "to" | "subject" | "attachment" | "category" | "tags" | "owner";

const conditions: Array<{ field: TextField; label: string; placeholder: string }> = [
  { field: "from", label: "From contains", placeholder: "billing@example.com" },
  { field: "to", label: "To contains", placeholder: "scans@example.com" },
  { field: "subject", label: "Subject contains", placeholder: "Invoice" },
  { field: "attachment", label: "Attachment name contains", placeholder: ".pdf" },
];
const outcomes: Array<{ field: TextField; label: string; placeholder: string }> = [
  { field: "category", label: "Category", placeholder: "Invoices" },
  { field: "tags", label: "Tags (comma-separated)", placeholder: "invoice, supplier" },
  { field: "owner", label: "Owner (user name)", placeholder: "The first Admin" },
];

function RuleField({
  rule,
  index,
  field,
  label,
  placeholder,
  onChange,
}: {
  rule: RuleDraft;
  index: number;
  field: TextField;
  label: string;
  placeholder: string;
  onChange: (patch: Partial<RuleDraft>) => void;
}) {
  const id = `rule-${rule.key}-${field}`;
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        data-testid={`input-rule-${index}-${field}`}
        value={rule[field]}
        placeholder={placeholder}
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
  return (
    <li className="space-y-3 rounded-md border p-3" data-testid={`rule-${index}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="flex-1 text-sm font-medium">Rule {index + 1}</span>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={`Move rule ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={`Move rule ${index + 1} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={`Remove rule ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {conditions.map((c) => (
          <RuleField key={c.field} rule={rule} index={index} {...c} onChange={onChange} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">Conditions left empty match every message. Then:</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {outcomes.map((c) => (
          <RuleField key={c.field} rule={rule} index={index} {...c} onChange={onChange} />
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
          Import the message's text when it has no attachment Quire takes
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
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Rules</legend>
      <p className="text-xs text-muted-foreground">
        The first rule that matches decides; a message no rule matches is left in the mailbox untouched.
        Attachments that are PDF, DOCX, text or Markdown become documents.
      </p>
      {rules.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="text-no-rules">
          No rules: no message will be taken.
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
        Add rule
      </Button>
    </fieldset>
  );
}
