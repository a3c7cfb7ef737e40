import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "../api-client";

/**
 * The notification shape the server promises ({id, title, body, link, read, createdAt}).
 * Defined here until packages/contracts exports a notification schema.
 */
export type Notification = {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

/**
 * The notifications endpoints arrive with the approvals work; until then they answer 404, which
 * means "nothing to show" (no badge, empty list) rather than an error.
 */
export const unreadCountQueryOptions = queryOptions<number>({
  queryKey: ["/api/notifications", "unread-count"],
  queryFn: async () =>
    (await getJson<{ count: number }>("/api/notifications/unread-count", [404]))?.count ?? 0,
});

export const notificationsQueryOptions = queryOptions<Notification[]>({
  queryKey: ["/api/notifications"],
  queryFn: async () => (await getJson<Notification[]>("/api/notifications", [404])) ?? [],
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
