import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationPreferences, NotificationPreferencesView } from "@quire/contracts";
import { ErrorNotice } from "@/components/error-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "@/lib/api/settings";
import { SettingSwitch } from "./setting-switch";
import { failed, saved } from "./toggles-cards";
import "../locale";

type SwitchKey = Exclude<keyof NotificationPreferences, "emailAddress">;

/** The switches in order; each names its label and description under `notifications.<key>`. */
const preferenceKeys: readonly SwitchKey[] = ["emailNotifications", "reviewReminders", "approvalAlerts"];

/** Notification Preferences: the signed-in user's own, saved per user. */
export function NotificationsCard() {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const { t } = useTranslation("settings");
  return (
    <Card data-testid="card-notifications">
      <CardHeader>
        <CardTitle>{t("notifications.title")}</CardTitle>
        <CardDescription>{t("notifications.description")}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {prefs.isPending ? (
          <Skeleton className="h-24" />
        ) : prefs.isError ? (
          <ErrorNotice error={prefs.error} />
        ) : (
          <>
            {preferenceKeys.map((key) => (
              <SettingSwitch
                key={key}
                label={t(`notifications.${key}.label`)}
                description={t(`notifications.${key}.description`)}
                checked={prefs.data[key]}
                disabled={update.isPending || (key === "emailNotifications" && !prefs.data.emailDelivery)}
                testId={`switch-${key}`}
                onCheckedChange={(checked) =>
                  update.mutate({ [key]: checked }, { onSuccess: saved, onError: failed })
                }
              />
            ))}
            <EmailAddressForm preferences={prefs.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Where e-mail copies go; explains plainly when this server cannot send e-mail at all. */
function EmailAddressForm({ preferences }: { preferences: NotificationPreferencesView }) {
  const [address, setAddress] = useState(preferences.emailAddress ?? "");
  const update = useUpdateNotificationPreferences();
  const { t } = useTranslation("settings");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    update.mutate({ emailAddress: trimmed === "" ? null : trimmed }, { onSuccess: saved, onError: failed });
  };
  if (!preferences.emailDelivery) {
    return (
      <p className="pt-3 text-sm text-muted-foreground" data-testid="text-email-unavailable">
        {t("notifications.emailUnavailable")}
      </p>
    );
  }
  return (
    <form className="space-y-2 pt-3" onSubmit={onSubmit}>
      <Label htmlFor="notification-email">{t("notifications.emailAddress")}</Label>
      <div className="flex gap-2">
        <Input
          id="notification-email"
          type="email"
          autoComplete="email"
          placeholder={t("notifications.emailPlaceholder")}
          data-testid="input-notification-email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <Button type="submit" disabled={update.isPending} data-testid="button-save-notification-email">
          {update.isPending ? t("saving") : t("save")}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {preferences.emailAddress
          ? preferences.emailNotifications
            ? t("notifications.copiesTo", { address: preferences.emailAddress })
            : t("notifications.emailOff")
          : t("notifications.leaveEmpty")}
      </p>
    </form>
  );
}
