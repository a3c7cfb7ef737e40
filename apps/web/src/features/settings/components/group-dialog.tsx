import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Group, User } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatCount } from "@/lib/format";
import { filterList, userFilterText } from "../lib/list-filter";
import { ListFilterField } from "./list-filter-field";
import { useGroupForm } from "./use-group-form";
import { SETTINGS_PAGE_SIZE } from "./use-filtered-page";
import "../locale";

/** Create (group null) or edit a group: its name and members, and deleting it. */
export function GroupDialog({
  group,
  users,
  onClose,
}: {
  group: Group | null;
  users: User[];
  onClose: () => void;
}) {
  const form = useGroupForm(group, onClose);
  const { error } = form;
  const { t } = useTranslation("settings");

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-group">
        <DialogHeader>
          <DialogTitle>{group ? t("groups.editTitle") : t("groups.new")}</DialogTitle>
          <DialogDescription>{t("groups.dialogDescription")}</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={form.onSubmit}>
          <div className="space-y-2">
            <Label htmlFor="group-name">{t("groups.name")}</Label>
            <Input
              id="group-name"
              data-testid="input-group-name"
              value={form.name}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => form.setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "group-error" : undefined}
            />
          </div>
          <GroupMembers users={users} members={form.members} onToggle={form.toggle} />
          {error && (
            <p id="group-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <GroupDialogFooter
            isNew={!group}
            pending={form.pending}
            canSave={form.name.trim() !== ""}
            confirmDelete={form.confirmDelete}
            onDelete={form.onDelete}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The member checkboxes. Past one page of people a filter narrows them (by name or role), so an
 * Admin finds one person among hundreds instead of scrolling a 15-line box; people ticked stay
 * members while the filter hides them.
 */
function GroupMembers({
  users,
  members,
  onToggle,
}: {
  users: User[];
  members: Set<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const [query, setQuery] = useState("");
  const shown = filterList(users, query, userFilterText);
  const { t } = useTranslation(["settings", "common"]);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t("groups.members", { n: formatCount(members.size) })}</legend>
      {users.length > SETTINGS_PAGE_SIZE && (
        <ListFilterField
          id="filter-members"
          label={t("groups.filterPeopleLabel")}
          placeholder={t("users.filterPlaceholder")}
          value={query}
          onChange={setQuery}
          testId="input-filter-members"
        />
      )}
      <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border p-2">
        {shown.map((user) => (
          <li key={user.id} className="flex items-center gap-2">
            <Checkbox
              id={`member-${user.id}`}
              checked={members.has(user.id)}
              onCheckedChange={(v) => onToggle(user.id, v === true)}
              data-testid={`checkbox-member-${user.username}`}
            />
            <Label
              htmlFor={`member-${user.id}`}
              className="min-w-0 truncate font-normal"
              title={user.username}
            >
              {user.username}{" "}
              <span className="text-muted-foreground">
                {user.disabled
                  ? t("groups.memberRoleDisabled", { role: t(`common:roles.${user.role}`) })
                  : t("groups.memberRole", { role: t(`common:roles.${user.role}`) })}
              </span>
            </Label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="text-sm text-muted-foreground" data-testid="text-no-members-match">
            {t("groups.nobodyMatches", { query: query.trim() })}
          </li>
        )}
      </ul>
    </fieldset>
  );
}

function GroupDialogFooter({
  isNew,
  pending,
  canSave,
  confirmDelete,
  onDelete,
  onCancel,
}: {
  isNew: boolean;
  pending: boolean;
  canSave: boolean;
  confirmDelete: boolean;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("settings");
  return (
    <DialogFooter className="flex-wrap gap-2">
      {!isNew && (
        <Button
          type="button"
          variant="destructive"
          onClick={onDelete}
          disabled={pending}
          data-testid="button-delete-group"
          className="sm:mr-auto"
        >
          {confirmDelete ? t("groups.confirmDelete") : t("groups.delete")}
        </Button>
      )}
      <Button type="button" variant="outline" onClick={onCancel}>
        {t("cancel")}
      </Button>
      <Button type="submit" disabled={pending || !canSave} data-testid="button-save-group">
        {pending ? t("saving") : isNew ? t("groups.create") : t("groups.save")}
      </Button>
    </DialogFooter>
  );
}
