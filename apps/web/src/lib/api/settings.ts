import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Features,
  NotificationPreferences,
  PublicContact,
  Role,
  Settings,
  User,
} from "@quire/contracts";
import { apiFetch } from "@/lib/api-client";
import { lazySchema, lazyShellSchema } from "@/lib/lazy-schema";
import { approvalKeys, documentKeys, notificationKeys, settingsKeys, userKeys } from "@/lib/query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const createdUserSchema = lazySchema((c) => c.createdUserSchema);
const notificationPreferencesViewSchema = lazySchema((c) => c.notificationPreferencesViewSchema);
const publicContactSchema = lazySchema((c) => c.publicContactSchema);
const settingsSchema = lazyShellSchema((c) => c.settingsSchema);
const systemInfoSchema = lazySchema((c) => c.systemInfoSchema);
const userSchema = lazySchema((c) => c.userSchema);

/** GET /api/settings: organisation profile, feature toggles and approval defaults. */
export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: () => apiFetch("/api/settings", settingsSchema),
});

/** GET /api/public/contact (no sign-in): the contact details and demo video an Admin published. */
export const publicContactQueryOptions = queryOptions({
  queryKey: settingsKeys.publicContact,
  queryFn: () => apiFetch("/api/public/contact", publicContactSchema),
});

export function usePublicContact() {
  return useQuery(publicContactQueryOptions);
}

/** GET /api/system: version, environment and runtime facts of the running build. */
export const systemInfoQueryOptions = queryOptions({
  queryKey: settingsKeys.system,
  queryFn: () => apiFetch("/api/system", systemInfoSchema),
});

/** GET /api/notifications/preferences: the signed-in user's own choices, and whether e-mail can be sent. */
export const notificationPreferencesQueryOptions = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: () => apiFetch("/api/notifications/preferences", notificationPreferencesViewSchema),
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
    mutationFn: (patch: SettingsPatch) =>
      apiFetch("/api/settings", settingsSchema, { method: "PATCH", body: patch }),
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
    mutationFn: (patch: Partial<NotificationPreferences>) =>
      apiFetch("/api/notifications/preferences", notificationPreferencesViewSchema, {
        method: "PUT",
        body: patch,
      }),
    onSuccess: (prefs) => client.setQueryData(notificationPreferencesQueryOptions.queryKey, prefs),
  });
}

export type CreatedUser = User & { temporaryPassword: string };
export type CreateUserBody = { username: string; role: Role };

/** POST /api/users (Admin): the one-time password comes back in this answer only. */
export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody): Promise<CreatedUser> =>
      apiFetch("/api/users", createdUserSchema, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PATCH /api/users/{id} (Admin); the server refuses (409) to demote the last Admin. */
export function useUpdateUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }): Promise<User> =>
      apiFetch(`/api/users/${encodeURIComponent(id)}`, userSchema, { method: "PATCH", body: { role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/**
 * PATCH /api/users/{id} with `disabled`: offboards (or brings back) an account. Reviews that waited
 * on a disabled person end, so documents and approvals are read again too.
 */
export function useSetUserDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }): Promise<User> =>
      apiFetch(`/api/users/${encodeURIComponent(id)}`, userSchema, { method: "PATCH", body: { disabled } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userKeys.all });
      await client.invalidateQueries({ queryKey: documentKeys.all });
      await client.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
}
