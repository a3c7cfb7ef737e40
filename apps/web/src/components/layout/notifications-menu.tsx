import { useState } from "react";
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
import { errorMessage } from "@/lib/api-client";
import { shortRelativeTime } from "@/lib/format";
import { cn } from "@/lib/utils";

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

export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const badge = badgeText(unread.data ?? 0);

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

  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={badge ? `Notifications, ${badge} unread` : "Notifications"}
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
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>Recent Notifications</DropdownMenuLabel>
        {(unread.data ?? 0) > 0 && (
          <DropdownMenuItem
            onSelect={(event) => {
              // Stay open: the list shows them read at once.
              event.preventDefault();
              markAllRead.mutate();
            }}
            className="text-sm text-primary"
            data-testid="button-mark-all-read"
          >
            Mark all as read
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        {list.isPending && <p className="px-2 py-3 text-sm text-muted-foreground">Loading notifications…</p>}
        {list.isError && (
          <p role="alert" className="px-2 py-3 text-sm text-destructive">
            {errorMessage(list.error)}
          </p>
        )}
        {list.data?.length === 0 && (
          <p className="px-2 py-3 text-sm text-muted-foreground" data-testid="text-no-notifications">
            No notifications
          </p>
        )}
        {list.data?.map((notification) => (
          <DropdownMenuItem
            key={notification.id}
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
              <span className={cn("block truncate", !notification.read && "font-semibold")}>
                {notification.title}
                {!notification.read && <span className="sr-only"> (unread)</span>}
              </span>
              {notification.body && (
                <span className="line-clamp-2 block text-xs text-muted-foreground">{notification.body}</span>
              )}
              <span className="block text-xs text-muted-foreground">
                {shortRelativeTime(notification.createdAt)}
              </span>
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
