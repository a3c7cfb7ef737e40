import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isRole, roles, type Role } from "@quire/contracts";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import type { CreatedUser, useCreateUser } from "@/lib/api/settings";
import { i18n } from "@/lib/i18n";
import "../locale";

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
  const { t } = useTranslation("settings");

  return (
    <form className="space-y-4" onSubmit={form.onSubmit}>
      <div className="space-y-2">
        <Label htmlFor="new-username">{t("newUser.username")}</Label>
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
          {t("cancel")}
        </Button>
        <Button
          type="submit"
          disabled={create.isPending || form.username.trim() === ""}
          data-testid="button-submit-user"
        >
          {create.isPending ? t("newUser.creating") : t("newUser.create")}
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
          toast({
            title: i18n.t("settings:newUser.created"),
            description: i18n.t("settings:newUser.createdDescription", {
              username: user.username,
              role: i18n.t(`common:roles.${user.role}`),
            }),
          });
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return { username, setUsername, role, setRole, error, onSubmit };
}

function RoleField({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const { t } = useTranslation(["settings", "common"]);
  return (
    <div className="space-y-2">
      <Label id="new-role-label">{t("newUser.role")}</Label>
      <Select value={value} onValueChange={(v) => isRole(v) && onChange(v)}>
        <SelectTrigger aria-labelledby="new-role-label" data-testid="select-new-role" className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {roles.map((r) => (
            <SelectItem key={r} value={r}>
              {t(`common:roles.${r}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
