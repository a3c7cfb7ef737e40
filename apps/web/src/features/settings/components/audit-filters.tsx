import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useUsers } from "@/lib/api/users";
import { emptyAuditFilters, subjectKinds, type AuditFilters } from "../lib/audit";

/** Radix Select has no empty value: "any" stands for an unset filter. */
const ANY = "any";

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
  const users = useUsers();
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

  return (
    <form
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={onSubmit}
      aria-label="Audit filters"
      data-testid="form-audit-filters"
    >
      <div className="space-y-1">
        <Label id="audit-user-label">User</Label>
        <Select value={draft.userId || ANY} onValueChange={(v) => set("userId", v === ANY ? "" : v)}>
          <SelectTrigger
            aria-labelledby="audit-user-label"
            className="w-full"
            data-testid="select-audit-user"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Any user</SelectItem>
            {(users.data ?? []).map((user) => (
              <SelectItem key={user.id} value={user.id}>
                {user.username}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1">
        <Label id="audit-kind-label">Kind</Label>
        <Select
          value={draft.subjectType || ANY}
          onValueChange={(v) => set("subjectType", v === ANY ? "" : v)}
        >
          <SelectTrigger
            aria-labelledby="audit-kind-label"
            className="w-full"
            data-testid="select-audit-kind"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Everything</SelectItem>
            {subjectKinds.map((kind) => (
              <SelectItem key={kind.value} value={kind.value}>
                {kind.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="audit-action">Action</Label>
        <Input
          id="audit-action"
          data-testid="input-audit-action"
          placeholder="e.g. role, archived"
          maxLength={100}
          value={draft.action}
          onChange={(e) => set("action", e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="audit-from">From</Label>
        <Input
          id="audit-from"
          type="date"
          data-testid="input-audit-from"
          value={draft.from}
          onChange={(e) => set("from", e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="audit-to">To</Label>
        <Input
          id="audit-to"
          type="date"
          data-testid="input-audit-to"
          value={draft.to}
          onChange={(e) => set("to", e.target.value)}
        />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" data-testid="button-audit-apply">
          Apply filters
        </Button>
        <Button type="button" variant="outline" onClick={clear} data-testid="button-audit-clear">
          Clear
        </Button>
      </div>
    </form>
  );
}
