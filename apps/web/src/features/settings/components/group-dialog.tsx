import { useState } from "react";
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
import { filterList, userFilterText } from "../lib/list-filter";
import { ListFilterField } from "./list-filter-field";
import { useGroupForm } from "./use-group-form";
import { SETTINGS_PAGE_SIZE } from "./use-filtered-page";

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

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-group">
        <DialogHeader>
          <DialogTitle>{group ? "Edit Group" : "New Group"}</DialogTitle>
          <DialogDescription>Name the group and pick its members.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={form.onSubmit}>
          <div className="space-y-2">
            <Label htmlFor="group-name">Name</Label>
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
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Members ({members.size})</legend>
      {users.length > SETTINGS_PAGE_SIZE && (
        <ListFilterField
          id="filter-members"
          label="Filter people by name or role"
          placeholder="Filter by name or role"
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
                ({user.role}
                {user.disabled ? ", disabled" : ""})
              </span>
            </Label>
          </li>
        ))}
        {shown.length === 0 && (
          <li className="text-sm text-muted-foreground" data-testid="text-no-members-match">
            Nobody matches “{query.trim()}”.
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
          {confirmDelete ? "Confirm Delete" : "Delete Group"}
        </Button>
      )}
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || !canSave} data-testid="button-save-group">
        {pending ? "Saving..." : isNew ? "Create Group" : "Save Group"}
      </Button>
    </DialogFooter>
  );
}
