import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ErrorNotice } from "@/components/error-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { settingsHref } from "@/config/settings-sections";
import { useManagedUsers } from "@/lib/api/users";
import { formatCount } from "@/lib/format";
import { previewUsers } from "../lib/permissions";
import "../locale";

/**
 * Seed §2's users list on the Settings page (Admin only): the count, the first 4 users with their
 * role, then '+N more users', which opens the Users & Groups section where accounts are managed.
 */
export function UsersSummaryCard() {
  const users = useManagedUsers();
  const active = users.data?.filter((user) => !user.disabled) ?? [];
  const preview = previewUsers(active, false);
  const manageHref = settingsHref("users");
  const { t } = useTranslation(["settings", "common"]);

  return (
    <Card data-testid="card-users-summary">
      <CardHeader>
        <CardTitle>{t("users.title")}</CardTitle>
        <CardDescription data-testid="text-user-summary-count">
          {users.data
            ? t("users.count", { count: active.length, n: formatCount(active.length) })
            : t("users.loading")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {users.isPending && <Skeleton className="h-32" />}
        {users.isError && <ErrorNotice error={users.error} />}
        <ul className="divide-y">
          {preview.shown.map((user) => (
            <li
              key={user.id}
              className="flex items-center justify-between gap-2 py-2 text-sm"
              data-testid={`user-summary-${user.username}`}
            >
              <span className="min-w-0 truncate font-medium" title={user.username}>
                {user.username}
              </span>
              <Badge variant="secondary">{t(`common:roles.${user.role}`)}</Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {preview.more > 0 ? (
            <Link href={manageHref} className="text-sm text-primary underline-offset-4 hover:underline">
              {t("users.more", { count: preview.more, n: formatCount(preview.more) })}
            </Link>
          ) : (
            <span />
          )}
          <Button asChild size="sm" variant="outline">
            <Link href={manageHref} data-testid="link-manage-users">
              {t("users.manage")}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
