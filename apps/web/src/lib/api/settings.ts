import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Features,
  NotificationPreferences,
  NotificationPreferencesView,
  PublicContact,
  Role,
  Settings,
  SystemInfo,
  User,
} from "@quire/contracts";
import { apiRequest } from "../api-client";

/** GET /api/settings: organisation profile, feature toggles and approval defaults. */
export const settingsQueryOptions = queryOptions<Settings>({ queryKey: ["/api/settings"] });

/** GET /api/public/contact (no sign-in): the contact details and demo video an Admin published. */
export const publicContactQueryOptions = queryOptions<PublicContact>({ queryKey: ["/api/public/contact"] });

export function usePublicContact() {
  return useQuery(publicContactQueryOptions);
}

/** GET /api/system: version, environment and runtime facts of the running build. */
export const systemInfoQueryOptions = queryOptions<SystemInfo>({ queryKey: ["/api/system"] });

/** GET /api/notifications/preferences: the signed-in user's own choices, and whether e-mail can be sent. */
export const notificationPreferencesQueryOptions = queryOptions<NotificationPreferencesView>({
  queryKey: ["/api/notifications", "preferences"],
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}

const allFeaturesOn: Features = {
  aiSummaries: true,
  versionDiff: true,
  approvalWorkflows: true,
  semanticSearch: true,
};

/**
 * The organisation's feature toggles, for any screen that should hide a switched-off feature.
 * Everything counts as on until the settings have loaded (or when they cannot be read), so a
 * slow or failed request never hides working features; `loaded` tells a screen whose feature
 * fetches data (the API refuses it while off) to wait for the answer first.
 */
export function useFeatures(): Features & { loaded: boolean } {
  const { data, isError } = useSettings();
  return { ...(data?.features ?? allFeaturesOn), loaded: data !== undefined || isError };
}

export type SettingsPatch = {
  organization?: Partial<Settings["organization"]>;
  features?: Partial<Features>;
  publicContact?: Partial<PublicContact>;
};

/** PATCH /api/settings (Admin): a partial change; the answer is the whole new settings. */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: SettingsPatch) =>
      (await (await apiRequest("PATCH", "/api/settings", patch)).json()) as Settings,
    onSuccess: (settings) => client.setQueryData(settingsQueryOptions.queryKey, settings),
  });
}

export function useSystemInfo() {
  return useQuery(systemInfoQueryOptions);
}

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions);
}

/** PUT /api/notifications/preferences with the changed preference(s). */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: Partial<NotificationPreferences>) =>
      (await (
        await apiRequest("PUT", "/api/notifications/preferences", patch)
      ).json()) as NotificationPreferencesView,
    onSuccess: (prefs) => client.setQueryData(notificationPreferencesQueryOptions.queryKey, prefs),
  });
}

export type CreatedUser = User & { temporaryPassword: string };
export type CreateUserBody = { username: string; role: Role };

/** POST /api/users (Admin): the one-time password comes back in this answer only. */
export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserBody) =>
      (await (await apiRequest("POST", "/api/users", body)).json()) as CreatedUser,
    onSuccess: () => client.invalidateQueries({ queryKey: ["/api/users"] }),
  });
}

/** PATCH /api/users/{id} (Admin); the server refuses (409) to demote the last Admin. */
export function useUpdateUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: string; role: Role }) =>
      (await (await apiRequest("PATCH", `/api/users/${encodeURIComponent(id)}`, { role })).json()) as User,
    onSuccess: () => client.invalidateQueries({ queryKey: ["/api/users"] }),
  });
}
