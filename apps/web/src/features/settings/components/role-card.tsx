import { useTranslation } from "react-i18next";
import { Check } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { selectableRoles, type Role, type SessionUser, type User } from "@quire/contracts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useDemoRole } from "@/lib/auth";
import { useTheme } from "@/lib/theme";
import { i18n } from "@/lib/i18n";
import { SettingSwitch } from "./setting-switch";
import "../locale";

type Translate = (key: string, options?: Record<string, unknown>) => string;
const translate = (key: string, options?: Record<string, unknown>) =>
  (i18n.t as unknown as Translate).call(i18n, key, options);

/**
 * The role's permission lines in the interface's language, written from the facts the server sends
 * beside its English; a line whose key (or one of whose actions) the catalogue lacks keeps the
 * English, and so does a session without facts.
 */
export function permissionTexts(user: Pick<SessionUser, "permissions" | "permissionLines">): string[] {
  const lines = user.permissionLines;
  if (!lines || lines.length !== user.permissions.length) return user.permissions;
  const base = "settings:role.permissions";
  return lines.map(({ key, actions = [] }, i) => {
    const known =
      i18n.exists(`${base}.lines.${key}`) && actions.every((a) => i18n.exists(`${base}.actions.${a}`));
    if (!known) return user.permissions[i]!;
    const list = actions.map((a) => translate(`${base}.actions.${a}`));
    const joined = new Intl.ListFormat(i18n.language, { type: "unit" }).format(list);
    return translate(`${base}.lines.${key}`, { replace: { actions: joined } });
  });
}

/**
 * Role & Permissions: the same role selector as the top bar, and what the role may do as the
 * server's rules say it (the session user's `permissions`).
 */
export function RoleCard({ user, demo }: { user: SessionUser; demo: boolean }) {
  const { t } = useTranslation(["settings", "common"]);
  return (
    <Card data-testid="card-role">
      <CardHeader>
        <CardTitle>{t("role.title")}</CardTitle>
        <CardDescription>{demo ? t("role.demo") : t("role.setByAdmin")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-3">
          <span className="text-sm font-medium" id="settings-role-label">
            {t("role.current")}
          </span>
          <SettingsRoleSelect user={user} demo={demo} />
        </div>
        <ul
          className="space-y-1"
          data-testid="list-permissions"
          aria-label={t("role.permissionsOf", { role: t(`common:roles.${user.role}`) })}
        >
          {permissionTexts(user).map((permission) => (
            <li key={permission} className="flex items-center gap-2 text-sm">
              <Check className="size-4 text-primary" aria-hidden="true" />
              {permission}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Appearance: the same stored theme as the top bar's toggle. */
export function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  const { t } = useTranslation("settings");
  return (
    <Card data-testid="card-appearance">
      <CardHeader>
        <CardTitle>{t("appearance.title")}</CardTitle>
        <CardDescription>{t("appearance.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <SettingSwitch
          label={t("appearance.darkMode")}
          checked={theme === "dark"}
          testId="switch-dark-mode"
          onCheckedChange={(checked) => setTheme(checked ? "dark" : "light")}
        />
      </CardContent>
    </Card>
  );
}

/** Like the top bar's selector (demo mode switches the session on the server), with its own test id. */
function SettingsRoleSelect({ user, demo }: { user: User; demo: boolean }) {
  const demoRole = useDemoRole();
  const { t } = useTranslation(["settings", "common"]);
  const shown: readonly Role[] = (selectableRoles as readonly Role[]).includes(user.role)
    ? selectableRoles
    : [...selectableRoles, user.role];
  const onChange = (value: string) => {
    const role = shown.find((r) => r === value);
    if (!role || role === user.role) return;
    demoRole.mutate(role, {
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
        aria-labelledby="settings-role-label"
        data-testid="select-settings-role"
        className="w-40"
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {shown.map((role) => (
          <SelectItem key={role} value={role} disabled={!(selectableRoles as readonly Role[]).includes(role)}>
            {t(`common:roles.${role}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
