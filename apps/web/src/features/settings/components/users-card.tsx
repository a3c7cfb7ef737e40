import { useState, type FormEvent } from "react";
import { roles, type Role, type User } from "@quire/contracts";
import { Copy, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCreateUser, useUpdateUserRole, type CreatedUser } from "@/lib/api/settings";
import { useUsers } from "@/lib/api/users";
import { previewUsers } from "../lib/permissions";

function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}

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
        {users.isError && (
          <p role="alert" className="text-destructive">
            {errorMessage(users.error)}
          </p>
        )}
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

function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser();
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<Role>("Author");
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      // The one-time password is gone once the dialog closes.
      setCreated(null);
      setUsername("");
      setError(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { username: username.trim(), role },
      {
        onSuccess: (user) => {
          setCreated(user);
          toast({ title: "User created", description: `${user.username} (${user.role}) can now sign in.` });
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.temporaryPassword);
      toast({ title: "Password copied" });
    } catch {
      toast({
        variant: "destructive",
        title: "Copy Failed",
        description: "Could not copy the password to the clipboard",
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? "User created" : "Add User"}</DialogTitle>
          <DialogDescription>
            {created
              ? "Hand this one-time password to the user. It is shown only now."
              : "Create an account; a one-time password is generated."}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="space-y-2">
            <p className="text-sm">
              <span className="font-medium">{created.username}</span> ({created.role})
            </p>
            <div className="flex items-center gap-2">
              <code
                className="flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm"
                data-testid="text-temporary-password"
              >
                {created.temporaryPassword}
              </code>
              <Button variant="outline" size="icon" onClick={() => void copy()} aria-label="Copy password">
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={onSubmit}>
            <div className="space-y-2">
              <Label htmlFor="new-username">Username</Label>
              <Input
                id="new-username"
                data-testid="input-new-username"
                value={username}
                autoComplete="off"
                onChange={(e) => setUsername(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "new-user-error" : undefined}
              />
            </div>
            <div className="space-y-2">
              <Label id="new-role-label">Role</Label>
              <Select value={role} onValueChange={(v) => isRole(v) && setRole(v)}>
                <SelectTrigger
                  aria-labelledby="new-role-label"
                  data-testid="select-new-role"
                  className="w-full"
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roles.map((r) => (
                    <SelectItem key={r} value={r}>
                      {r}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {error && (
              <p id="new-user-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={create.isPending || username.trim() === ""}
                data-testid="button-submit-user"
              >
                {create.isPending ? "Creating..." : "Create User"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
