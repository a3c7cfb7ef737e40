import { useTranslation } from "react-i18next";
// From the zod-free part of the contracts: the top bar is part of every page's first code.
import { isRole, selectableRoles, type Role } from "@quire/contracts/roles";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useDemoRole, useLoginOptions, useUser } from "@/lib/auth";

/**
 * In demo mode, choosing a role switches this session to that role's demo user on the server,
 * so what the screens show and what the API allows always agree. Outside demo mode it only
 * shows the signed-in user's own role; an Admin changes roles in Settings.
 */
export function RoleSelector() {
  const { t } = useTranslation(["shell", "common"]);
  const { data: user } = useUser();
  const { data: options } = useLoginOptions();
  const demoRole = useDemoRole();
  if (!user) return null;

  const demo = options?.demo === true;
  // A role outside the selector's four (Viewer) still has to be displayable as the current value.
  const shown: readonly Role[] = (selectableRoles as readonly Role[]).includes(user.role)
    ? selectableRoles
    : [...selectableRoles, user.role];

  const onChange = (value: string) => {
    if (!isRole(value) || value === user.role) return;
    demoRole.mutate(value, {
      onSuccess: (next) =>
        toast({
          title: t("role.switched"),
          description: t("role.signedInAs", {
            username: next.username,
            role: t(`common:roles.${next.role}`),
          }),
        }),
      onError: (error) =>
        toast({ variant: "destructive", title: t("role.switchFailed"), description: errorMessage(error) }),
    });
  };

  return (
    <Select value={user.role} onValueChange={onChange} disabled={!demo || demoRole.isPending}>
      <SelectTrigger
        aria-label={demo ? t("role.demo") : t("role.yours")}
        title={demo ? t("role.switchDemo") : t("role.yours")}
        data-testid="select-role"
        className="h-9 w-[7.5rem] sm:w-32"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {shown.map((role) => (
          <SelectItem
            key={role}
            value={role}
            disabled={!(selectableRoles as readonly string[]).includes(role)}
          >
            {t(`common:roles.${role}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
