import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { Bell } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { safeNextPath } from "@/config/paths";
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadCount,
  type Notification,
} from "@/lib/api/notifications";
import { NotificationList } from "./notification-list";

/** Badge text: nothing at zero, the number up to 99, then "99+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

/** Only same-site paths are followed from a notification. */
function notificationTarget(link: string | null): string | null {
  if (!link) return null;
  const target = safeNextPath(link, "");
  return target === "" ? null : target;
}

function NotificationsTrigger({ badge }: { badge: string | null }) {
  const { t } = useTranslation("shell");
  return (
    <DropdownMenuTrigger asChild>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={badge ? t("notifications.labelUnread", { badge }) : t("notifications.label")}
        data-testid="button-notifications"
      >
        <Bell aria-hidden="true" />
        {badge && (
          <span
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
            data-testid="badge-notifications"
            aria-hidden="true"
          >
            {badge}
          </span>
        )}
      </Button>
    </DropdownMenuTrigger>
  );
}

function useNotificationsMenu() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Data never goes stale on its own (seed §7), so opening the menu is when to look again.
    if (next) {
      void unread.refetch();
      if (list.data) void list.refetch();
    }
  };

  const onSelect = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification.id);
    const target = notificationTarget(notification.link);
    if (target) navigate(target);
  };

  return { open, onOpenChange, unreadCount: unread.data ?? 0, list, onSelect, markAllRead };
}

export function NotificationsMenu() {
  const { t } = useTranslation("shell");
  const { open, onOpenChange, unreadCount, list, onSelect, markAllRead } = useNotificationsMenu();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <NotificationsTrigger badge={badgeText(unreadCount)} />
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>{t("notifications.recent")}</DropdownMenuLabel>
        {unreadCount > 0 && (
          <DropdownMenuItem
            onSelect={(event) => {
              // Stay open: the list shows them read at once.
              event.preventDefault();
              markAllRead.mutate();
            }}
            className="text-sm text-primary"
            data-testid="button-mark-all-read"
          >
            {t("notifications.markAllRead")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <NotificationList list={list} onSelect={onSelect} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
