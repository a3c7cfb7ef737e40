import { useState, type FormEvent } from "react";
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

type SwitchKey = Exclude<keyof NotificationPreferences, "emailAddress">;

const preferenceRows: { key: SwitchKey; label: string; description: string }[] = [
  { key: "emailNotifications", label: "Email Notifications", description: "Receive notifications by e-mail" },
  { key: "reviewReminders", label: "Review Reminders", description: "When a document waits for your review" },
  { key: "approvalAlerts", label: "Approval Alerts", description: "When a document you follow is decided" },
];

/** Notification Preferences: the signed-in user's own, saved per user. */
export function NotificationsCard() {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Preferences</CardTitle>
        <CardDescription>Choose what you are notified about.</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {prefs.isPending ? (
          <Skeleton className="h-24" />
        ) : prefs.isError ? (
          <ErrorNotice error={prefs.error} />
        ) : (
          <>
            {preferenceRows.map((row) => (
              <SettingSwitch
                key={row.key}
                label={row.label}
                description={row.description}
                checked={prefs.data[row.key]}
                disabled={update.isPending || (row.key === "emailNotifications" && !prefs.data.emailDelivery)}
                testId={`switch-${row.key}`}
                onCheckedChange={(checked) =>
                  update.mutate({ [row.key]: checked }, { onSuccess: saved, onError: failed })
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    update.mutate({ emailAddress: trimmed === "" ? null : trimmed }, { onSuccess: saved, onError: failed });
  };
  if (!preferences.emailDelivery) {
    return (
      <p className="pt-3 text-sm text-muted-foreground" data-testid="text-email-unavailable">
        This server does not send e-mail (no SMTP server is configured), so notifications appear in Quire
        only.
      </p>
    );
  }
  return (
    <form className="space-y-2 pt-3" onSubmit={onSubmit}>
      <Label htmlFor="notification-email">E-mail address</Label>
      <div className="flex gap-2">
        <Input
          id="notification-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          data-testid="input-notification-email"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <Button type="submit" disabled={update.isPending} data-testid="button-save-notification-email">
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {preferences.emailAddress
          ? preferences.emailNotifications
            ? `Copies of your notifications go to ${preferences.emailAddress}.`
            : "E-mail notifications are off; turn them on to receive copies."
          : "Leave empty to keep notifications in Quire only."}
      </p>
    </form>
  );
}
