import { useTranslation } from "react-i18next";
import { ErrorNotice } from "@/components/error-notice";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import type { Notification, useNotifications } from "@/lib/api/notifications";
import { shortRelativeTime } from "@/lib/format";
import { notificationText } from "@/lib/notification-text";
import { cn } from "@/lib/utils";

function NotificationRow({
  notification,
  onSelect,
}: {
  notification: Notification;
  onSelect: (notification: Notification) => void;
}) {
  // Subscribed to both namespaces, so the row is written again when the language changes.
  const { t } = useTranslation(["shell", "notifications"]);
  const { title, body } = notificationText(notification);
  return (
    <DropdownMenuItem
      onSelect={() => onSelect(notification)}
      className="items-start"
      data-testid={`notification-${notification.id}`}
    >
      <span
        className={cn(
          "mt-1.5 size-2 shrink-0 rounded-full",
          notification.read ? "bg-transparent" : "bg-primary",
        )}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            "block truncate",
            !notification.read && "font-semibold",
            notification.superseded && "line-through",
          )}
        >
          {title}
          {!notification.read && <span className="sr-only">{t("notifications.unread")}</span>}
        </span>
        {notification.superseded && (
          <span
            className="block text-xs font-medium text-muted-foreground"
            data-testid={`text-notification-superseded-${notification.id}`}
          >
            {t("notifications.superseded")}
          </span>
        )}
        {body && <span className="line-clamp-2 block text-xs text-muted-foreground">{body}</span>}
        <span className="block text-xs text-muted-foreground">
          {shortRelativeTime(notification.createdAt)}
        </span>
      </span>
    </DropdownMenuItem>
  );
}

/** The menu's items below its header: loading, failure, none, or one row per notification. */
export function NotificationList({
  list,
  onSelect,
}: {
  list: ReturnType<typeof useNotifications>;
  onSelect: (notification: Notification) => void;
}) {
  const { t } = useTranslation("shell");
  return (
    <>
      {list.isPending && (
        <p className="px-2 py-3 text-sm text-muted-foreground">{t("notifications.loading")}</p>
      )}
      {list.isError && <ErrorNotice error={list.error} className="px-2 py-3 text-sm" />}
      {list.data?.length === 0 && (
        <p className="px-2 py-3 text-sm text-muted-foreground" data-testid="text-no-notifications">
          {t("notifications.none")}
        </p>
      )}
      {list.data?.map((notification) => (
        <NotificationRow key={notification.id} notification={notification} onSelect={onSelect} />
      ))}
    </>
  );
}
