import { useState, type ComponentProps, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useManagedUsers } from "@/lib/api/users";
import { emptyAuditFilters, subjectKinds, type AuditFilters } from "../lib/audit";
import "../locale";

/** Radix Select has no empty value: "any" stands for an unset filter. */
const ANY = "any";
/** The user filter's entry for the system actor (no user id can equal it: ids are UUIDs). */
const SYSTEM_ACTOR_OPTION = "quire-system-actor";

/**
 * The audit filters as a form: changes apply on "Apply filters" (or Enter), so typing an action
 * does not fetch a page per keystroke. The document filter is set from a row and shown by the card.
 */
export function AuditFiltersForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const set = (key: keyof AuditFilters, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, documentId: filters.documentId });
  };
  const clear = () => {
    setDraft(emptyAuditFilters);
    onApply(emptyAuditFilters);
  };
  const { t } = useTranslation("settings");

  return (
    <form
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={onSubmit}
      aria-label={t("audit.filters")}
      data-testid="form-audit-filters"
    >
      <AuditFilterFields draft={draft} set={set} />
      <div className="flex items-end gap-2">
        <Button type="submit" data-testid="button-audit-apply">
          {t("audit.apply")}
        </Button>
        <Button type="button" variant="outline" onClick={clear} data-testid="button-audit-clear">
          {t("audit.clear")}
        </Button>
      </div>
    </form>
  );
}

function AuditFilterFields({
  draft,
  set,
}: {
  draft: AuditFilters;
  set: (key: keyof AuditFilters, value: string) => void;
}) {
  const users = useManagedUsers();
  const { t } = useTranslation("settings");
  return (
    <>
      <FilterSelect
        id="audit-user"
        label={t("audit.user")}
        anyLabel={t("audit.anyUser")}
        testId="select-audit-user"
        value={draft.actor === "system" ? SYSTEM_ACTOR_OPTION : draft.userId}
        options={[
          { value: SYSTEM_ACTOR_OPTION, label: "Quire" },
          ...(users.data ?? []).map((user) => ({ value: user.id, label: user.username })),
        ]}
        onChange={(v) => {
          // Quire is no user: its entries are found by the actor filter, not by a user id.
          set("actor", v === SYSTEM_ACTOR_OPTION ? "system" : "");
          set("userId", v === SYSTEM_ACTOR_OPTION ? "" : v);
        }}
      />
      <FilterSelect
        id="audit-kind"
        label={t("audit.kind")}
        anyLabel={t("audit.everything")}
        testId="select-audit-kind"
        value={draft.subjectType}
        options={subjectKinds.map((kind) => ({ value: kind, label: t(`audit.kinds.${kind}`) }))}
        onChange={(v) => set("subjectType", v)}
      />
      <FilterInput
        id="audit-action"
        label={t("audit.action")}
        data-testid="input-audit-action"
        placeholder={t("audit.actionPlaceholder")}
        maxLength={100}
        value={draft.action}
        onChange={(e) => set("action", e.target.value)}
      />
      <FilterInput
        id="audit-from"
        label={t("audit.from")}
        type="date"
        data-testid="input-audit-from"
        value={draft.from}
        onChange={(e) => set("from", e.target.value)}
      />
      <FilterInput
        id="audit-to"
        label={t("audit.to")}
        type="date"
        data-testid="input-audit-to"
        value={draft.to}
        onChange={(e) => set("to", e.target.value)}
      />
    </>
  );
}

/** A select whose first option, `anyLabel`, unsets the filter (reported as ""). */
function FilterSelect({
  id,
  label,
  anyLabel,
  testId,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  testId: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1">
      <Label id={`${id}-label`}>{label}</Label>
      <Select value={value || ANY} onValueChange={(v) => onChange(v === ANY ? "" : v)}>
        <SelectTrigger aria-labelledby={`${id}-label`} className="w-full" data-testid={testId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{anyLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function FilterInput({ id, label, ...props }: { id: string; label: string } & ComponentProps<"input">) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}
