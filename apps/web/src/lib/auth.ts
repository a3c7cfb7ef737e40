import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AppAbilities, LoginBody, Role } from "@quire/contracts";
import { apiCommand, apiFetch, apiFetchOrNull, swapSession } from "./api-client";
import { forgetLanguageChoice } from "./i18n";
import { lazyShellSchema } from "./lazy-schema";
import { sessionKeys } from "./query-keys";

// Loaded beside the requests, so zod and the contracts stay out of the first load.
const loginOptionsSchema = lazyShellSchema((c) => c.loginOptionsSchema);
const sessionUserSchema = lazyShellSchema((c) => c.sessionUserSchema);

const userQueryKey = sessionKeys.user;

/** GET /api/auth/user: the signed-in user, or null when there is no session (401 yields null). */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: () => apiFetchOrNull("/api/auth/user", sessionUserSchema, [401]),
});

export function useUser() {
  return useQuery(userQueryOptions);
}

/** GET /api/auth/login (public): demo mode and its accounts. */
export const loginOptionsQueryOptions = queryOptions({
  queryKey: sessionKeys.loginOptions,
  queryFn: () => apiFetch("/api/auth/login", loginOptionsSchema),
});

/** Whether the server runs in demo mode, with its demo accounts. */
export function useLoginOptions() {
  return useQuery(loginOptionsQueryOptions);
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    meta: { signIn: true },
    mutationFn: (body: LoginBody) => apiFetch("/api/auth/login", sessionUserSchema, { method: "POST", body }),
    onSuccess: (user) => {
      // Another account's cached answers must not leak into this session.
      client.clear();
      client.setQueryData(userQueryKey, user);
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCommand("POST", "/api/auth/logout"),
    onSuccess: () => {
      client.clear();
      client.setQueryData(userQueryKey, null);
      // The sign-in page speaks the browser's languages again, not the last user's choice.
      forgetLanguageChoice();
    },
  });
}

/** Sets the signed-in user's password; a one-time password's restriction ends with it. */
export function useSetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiCommand("POST", "/api/auth/password", body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** Waits, at most `limitMs`, until no query is fetching. */
export async function settleFetches(client: QueryClient, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (client.isFetching() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

/** Demo mode only: the server switches this session to the demo user holding `role`. */
export function useDemoRole() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: sessionKeys.switchUser,
    mutationFn: async (role: Role) => {
      // Loads already sent carry this session's cookie and the switch ends that session: sent on,
      // they would come back 401 (a page still loading when the role is changed). They land
      // first, and loads that start while the switch is under way wait for its new cookie.
      await settleFetches(client, 5_000);
      return swapSession(() =>
        apiFetch("/api/auth/demo-role", sessionUserSchema, { method: "POST", body: { role } }),
      );
    },
    onSuccess: async (user) => {
      client.setQueryData(userQueryKey, user);
      // Everything shown so far was computed for the previous user (abilities, notifications).
      await client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== userQueryKey[0] });
    },
  });
}

/** Nothing allowed: what a control sees before the session is known (or from an older server). */
const noAbilities: AppAbilities = {
  uploadDocuments: false,
  bulkEditDocuments: false,
  manageUsers: false,
  manageSettings: false,
  manageCategories: false,
  applySuggestions: false,
  readWaitlist: false,
  createBackup: false,
  readActivity: false,
  manageIngestion: false,
  reviewDocuments: false,
  approvalWorkflows: false,
  versionDiff: false,
  aiSummaries: false,
  semanticSearch: false,
};

/** The signed-in user's app-wide abilities, as the server's policy computed them. */
export function useAbilities(): AppAbilities {
  const { data } = useUser();
  return data?.abilities ?? noAbilities;
}
