import { useState } from "react";
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
import { toast } from "@/hooks/use-toast";
import { useCreateUser, type CreatedUser } from "@/lib/api/settings";
import { NewUserForm } from "./new-user-form";

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
