import { useState, type FormEvent } from "react";
import type { Group, User } from "@quire/contracts";
import { Pencil, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCreateGroup, useDeleteGroup, useGroups, useUpdateGroup } from "@/lib/api/groups";
import { useUsers } from "@/lib/api/users";

/** Settings › Users and Groups (Admin): the groups that category and document access lists name. */
export function GroupsCard() {
  const groups = useGroups();
  const users = useUsers();
  const [editing, setEditing] = useState<Group | "new" | null>(null);
  const nameOf = new Map((users.data ?? []).map((u) => [u.id, u.username]));

  return (
    <Card data-testid="card-groups">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>Groups</CardTitle>
          <CardDescription>People who share access to categories and documents.</CardDescription>
        </div>
        <Button size="sm" onClick={() => setEditing("new")} data-testid="button-create-group">
          <Users aria-hidden="true" />
          New Group
        </Button>
      </CardHeader>
      <CardContent className="space-y-2">
        {groups.isPending && <Skeleton className="h-24" />}
        {groups.isError && (
          <p role="alert" className="text-destructive">
            {errorMessage(groups.error)}
          </p>
        )}
        {groups.data?.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="text-no-groups">
            No groups yet. Create one to share categories and documents with a team.
          </p>
        )}
        <ul className="divide-y">
          {groups.data?.map((group) => (
            <li
              key={group.id}
              className="flex items-start justify-between gap-2 py-2"
              data-testid={`group-row-${group.name}`}
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{group.name}</p>
                <p className="text-xs break-words text-muted-foreground">
                  {group.memberCount === 0
                    ? "No members"
                    : (group.memberIds ?? []).map((id) => nameOf.get(id) ?? "unknown user").join(", ")}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing(group)}
                aria-label={`Edit group ${group.name}`}
                data-testid={`button-edit-group-${group.name}`}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      {editing && (
        <GroupDialog
          group={editing === "new" ? null : editing}
          users={users.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

function GroupDialog({ group, users, onClose }: { group: Group | null; users: User[]; onClose: () => void }) {
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [name, setName] = useState(group?.name ?? "");
  const [members, setMembers] = useState<Set<string>>(new Set(group?.memberIds ?? []));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending || remove.isPending;

  const toggle = (id: string, on: boolean) =>
    setMembers((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const input = { name: name.trim(), memberIds: [...members] };
    const done = (saved: Group) => {
      toast({
        title: group ? "Group saved" : "Group created",
        description: `${saved.name}: ${saved.memberCount} members.`,
      });
      onClose();
    };
    const onError = (err: unknown) => setError(errorMessage(err));
    if (group) update.mutate({ id: group.id, ...input }, { onSuccess: done, onError });
    else create.mutate(input, { onSuccess: done, onError });
  };

  const onDelete = () => {
    if (!group) return;
    if (!confirmDelete) return setConfirmDelete(true);
    remove.mutate(group.id, {
      onSuccess: () => {
        toast({ title: "Group deleted", description: group.name });
        onClose();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="dialog-group">
        <DialogHeader>
          <DialogTitle>{group ? "Edit Group" : "New Group"}</DialogTitle>
          <DialogDescription>Name the group and pick its members.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit}>
          <div className="space-y-2">
            <Label htmlFor="group-name">Name</Label>
            <Input
              id="group-name"
              data-testid="input-group-name"
              value={name}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "group-error" : undefined}
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Members ({members.size})</legend>
            <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border p-2">
              {users.map((user) => (
                <li key={user.id} className="flex items-center gap-2">
                  <Checkbox
                    id={`member-${user.id}`}
                    checked={members.has(user.id)}
                    onCheckedChange={(v) => toggle(user.id, v === true)}
                    data-testid={`checkbox-member-${user.username}`}
                  />
                  <Label htmlFor={`member-${user.id}`} className="min-w-0 truncate font-normal">
                    {user.username} <span className="text-muted-foreground">({user.role})</span>
                  </Label>
                </li>
              ))}
            </ul>
          </fieldset>
          {error && (
            <p id="group-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter className="flex-wrap gap-2">
            {group && (
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
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || name.trim() === ""} data-testid="button-save-group">
              {pending ? "Saving..." : group ? "Save Group" : "Create Group"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
