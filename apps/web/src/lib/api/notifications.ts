import type { Notification } from "@quire/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api-client";

export type { Notification };

export const unreadCountQueryOptions = queryOptions<{ count: number }, Error, number>({
  queryKey: ["/api/notifications", "unread-count"],
  select: (data) => data.count,
});

export const notificationsQueryOptions = queryOptions<Notification[]>({
  queryKey: ["/api/notifications"],
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions, enabled });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest("POST", `/api/notifications/${encodeURIComponent(id)}/read`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["/api/notifications"] }),
  });
}

/** POST /api/notifications/read-all: every notification of the user read; the badge clears. */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/notifications/read-all");
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["/api/notifications"] }),
  });
}
