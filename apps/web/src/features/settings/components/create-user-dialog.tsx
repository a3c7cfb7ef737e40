import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import "../locale";

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
  const { t } = useTranslation("settings");

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
          <DialogTitle>{created ? t("newUser.created") : t("users.add")}</DialogTitle>
          <DialogDescription>{created ? t("newUser.handOver") : t("newUser.description")}</DialogDescription>
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
  const { t } = useTranslation(["settings", "common"]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.temporaryPassword);
      toast({ title: t("newUser.copied") });
    } catch {
      toast({
        variant: "destructive",
        title: t("newUser.copyFailed"),
        description: t("newUser.copyFailedDescription"),
      });
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-sm">
        <span className="font-medium">{created.username}</span> ({t(`common:roles.${created.role}`)})
      </p>
      <div className="flex items-center gap-2">
        <code
          className="flex-1 rounded-md bg-muted px-3 py-2 font-mono text-sm"
          data-testid="text-temporary-password"
        >
          {created.temporaryPassword}
        </code>
        <Button
          variant="outline"
          size="icon"
          onClick={() => void copy()}
          aria-label={t("newUser.copyPassword")}
        >
          <Copy aria-hidden="true" />
        </Button>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>{t("done")}</Button>
      </DialogFooter>
    </div>
  );
}
