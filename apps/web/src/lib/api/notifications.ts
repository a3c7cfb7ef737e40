import type { Notification } from "@quire/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCommand, apiFetch } from "@/lib/api-client";
import { lazySchema, lazyShellSchema } from "@/lib/lazy-schema";
import { notificationKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const notificationListSchema = lazySchema((c) => c.notificationSchema.array());
const unreadCountSchema = lazyShellSchema((c) => c.unreadCountSchema);

export type { Notification };

/** GET /api/notifications/unread-count: the bell's badge. */
export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: () => apiFetch("/api/notifications/unread-count", unreadCountSchema),
  select: (data) => data.count,
});

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: () => apiFetch("/api/notifications", notificationListSchema),
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}

/** POST /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCommand("POST", `/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /api/notifications/read-all: every notification of the user read; the badge clears. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCommand("POST", "/api/notifications/read-all"),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
