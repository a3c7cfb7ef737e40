import { useState } from "react";
import { isRole, roles, type User } from "@quire/contracts";
import { UserPlus } from "lucide-react";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useUpdateUserRole } from "@/lib/api/settings";
import { useUsers } from "@/lib/api/users";
import { previewUsers } from "../lib/permissions";
import { CreateUserDialog } from "./create-user-dialog";

/** Users (Admin only): count, first 4, '+N more users', role changes and new accounts. */
export function UsersCard({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const [expanded, setExpanded] = useState(false);
  const [creating, setCreating] = useState(false);
  const list = users.data ? previewUsers(users.data, expanded) : { shown: [], more: 0 };

  return (
    <Card data-testid="card-users">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>Users</CardTitle>
          <CardDescription data-testid="text-user-count">
            {users.data
              ? `${users.data.length} ${users.data.length === 1 ? "user" : "users"}`
              : "Loading users"}
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setCreating(true)} data-testid="button-create-user">
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      </CardHeader>
      <CardContent className="space-y-2">
        {users.isPending && <Skeleton className="h-32" />}
        {users.isError && <ErrorNotice error={users.error} />}
        <ul className="divide-y">
          {list.shown.map((user) => (
            <UserRow key={user.id} user={user} self={user.id === currentUserId} />
          ))}
        </ul>
        {list.more > 0 && (
          <Button
            variant="link"
            className="px-0"
            onClick={() => setExpanded(true)}
            data-testid="button-more-users"
          >
            +{list.more} more users
          </Button>
        )}
      </CardContent>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

function UserRow({ user, self }: { user: User; self: boolean }) {
  const update = useUpdateUserRole();
  const labelId = `user-${user.id}-name`;
  const onChange = (value: string) => {
    if (!isRole(value) || value === user.role) return;
    update.mutate(
      { id: user.id, role: value },
      {
        onSuccess: (next) =>
          toast({ title: "Role updated", description: `${next.username} is now ${next.role}.` }),
        onError: (error) =>
          toast({ variant: "destructive", title: "Role change failed", description: errorMessage(error) }),
      },
    );
  };
  return (
    <li className="flex items-center justify-between gap-2 py-2" data-testid={`user-row-${user.username}`}>
      <span id={labelId} className="min-w-0 truncate text-sm font-medium">
        {user.username}
        {self && <span className="text-muted-foreground"> (you)</span>}
      </span>
      <Select value={user.role} onValueChange={onChange} disabled={update.isPending}>
        <SelectTrigger
          className="w-32"
          aria-label={`Role of ${user.username}`}
          data-testid={`select-user-role-${user.username}`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {roles.map((role) => (
            <SelectItem key={role} value={role}>
              {role}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </li>
  );
}
