import { useState, type FormEvent } from "react";
import { isRole, roles, type Role } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import type { CreatedUser, useCreateUser } from "@/lib/api/settings";

type CreateUser = ReturnType<typeof useCreateUser>;

/** The Add User dialog's form; `create` is the dialog's, which resets it when it closes. */
export function NewUserForm({
  create,
  onCreated,
  onCancel,
}: {
  create: CreateUser;
  onCreated: (user: CreatedUser) => void;
  onCancel: () => void;
}) {
  const form = useNewUserForm(create, onCreated);
  const { error } = form;

  return (
    <form className="space-y-4" onSubmit={form.onSubmit}>
      <div className="space-y-2">
        <Label htmlFor="new-username">Username</Label>
        <Input
          id="new-username"
          data-testid="input-new-username"
          value={form.username}
          autoComplete="off"
          onChange={(e) => form.setUsername(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-user-error" : undefined}
        />
      </div>
      <RoleField value={form.role} onChange={form.setRole} />
      {error && (
        <p id="new-user-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={create.isPending || form.username.trim() === ""}
          data-testid="button-submit-user"
        >
          {create.isPending ? "Creating..." : "Create User"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function useNewUserForm(create: CreateUser, onCreated: (user: CreatedUser) => void) {
  const [username, setUsername] = useState("");
  const [role, setRole] = useState<Role>("Author");
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { username: username.trim(), role },
      {
        onSuccess: (user) => {
          onCreated(user);
          toast({ title: "User created", description: `${user.username} (${user.role}) can now sign in.` });
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return { username, setUsername, role, setRole, error, onSubmit };
}

function RoleField({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  return (
    <div className="space-y-2">
      <Label id="new-role-label">Role</Label>
      <Select value={value} onValueChange={(v) => isRole(v) && onChange(v)}>
        <SelectTrigger aria-labelledby="new-role-label" data-testid="select-new-role" className="w-full">
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
  );
}
