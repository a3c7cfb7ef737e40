import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppAbilities, LoginBody, LoginOptions, Role, SessionUser } from "@quire/contracts";
import { apiRequest } from "./api-client";
import { getQueryFn, userQueryKey } from "./query-client";

/** The signed-in user, or null when there is no session (401 yields null rather than an error). */
export const userQueryOptions = queryOptions<SessionUser | null>({
  queryKey: userQueryKey,
  queryFn: getQueryFn<SessionUser>({ on401: "returnNull" }),
});

export function useUser() {
  return useQuery(userQueryOptions);
}

export const loginOptionsQueryOptions = queryOptions<LoginOptions>({
  queryKey: ["/api/auth/login"],
  queryFn: getQueryFn<LoginOptions>({ on401: "throw" }) as () => Promise<LoginOptions>,
});

/** Whether the server runs in demo mode, with its demo accounts. */
export function useLoginOptions() {
  return useQuery(loginOptionsQueryOptions);
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    meta: { signIn: true },
    mutationFn: async (body: LoginBody) =>
      (await (await apiRequest("POST", "/api/auth/login", body)).json()) as SessionUser,
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
    mutationFn: async () => {
      await apiRequest("POST", "/api/auth/logout");
    },
    onSuccess: () => {
      client.clear();
      client.setQueryData(userQueryKey, null);
    },
  });
}

/** Sets the signed-in user's password; a one-time password's restriction ends with it. */
export function useSetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await apiRequest("POST", "/api/auth/password", body);
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** Demo mode only: the server switches this session to the demo user holding `role`. */
export function useDemoRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (role: Role) =>
      (await (await apiRequest("POST", "/api/auth/demo-role", { role })).json()) as SessionUser,
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
  manageUsers: false,
  manageSettings: false,
  manageCategories: false,
  applySuggestions: false,
  readWaitlist: false,
  createBackup: false,
  readActivity: false,
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
