import { useState, type FormEvent } from "react";
import { isRole, roles, type Role } from "@quire/contracts";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
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
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useCreateUser, type CreatedUser } from "@/lib/api/settings";

/** Add User: a username and a role; the answer's one-time password is shown once, until it closes. */
export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateUser();
  const [created, setCreated] = useState<CreatedUser | null>(null);
  // A new form each time the dialog opens: nothing typed before is kept.
  const [formKey, setFormKey] = useState(0);

  const close = (next: boolean) => {
    if (!next) {
      // The one-time password is gone once the dialog closes.
      setCreated(null);
      setFormKey((k) => k + 1);
      create.reset();
    }
    onOpenChange(next);
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
          <OneTimePassword created={created} onDone={() => close(false)} />
        ) : (
          <NewUserForm key={formKey} create={create} onCreated={setCreated} onCancel={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewUserForm({
  create,
  onCreated,
  onCancel,
}: {
  create: ReturnType<typeof useCreateUser>;
  onCreated: (user: CreatedUser) => void;
  onCancel: () => void;
}) {
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

  return (
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
          disabled={create.isPending || username.trim() === ""}
          data-testid="button-submit-user"
        >
          {create.isPending ? "Creating..." : "Create User"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function OneTimePassword({ created, onDone }: { created: CreatedUser; onDone: () => void }) {
  const copy = async () => {
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
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
