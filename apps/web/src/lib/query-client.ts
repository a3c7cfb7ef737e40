import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { errorStatus, throwIfResNotOk } from "./api-client";

/**
 * Query keys are URL segments: ["/api/documents", id, "versions"] reads /api/documents/{id}/versions.
 * Keep the resource root as the first segment so invalidating ["/api/documents"] refreshes
 * everything under it.
 */
export const userQueryKey = ["/api/auth/user"] as const;

type UnauthorizedBehavior = "returnNull" | "throw";

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export function createQueryClient(): QueryClient {
  // A 401 means the session ended (expired, signed out in another tab): re-check the user so
  // the route guard sends the person to sign-in. The sign-in call itself answers 401 for a wrong
  // password, which says nothing about a session.
  const recheckSession = (error: unknown) => {
    if (errorStatus(error) === 401) void client.invalidateQueries({ queryKey: userQueryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== userQueryKey[0]) recheckSession(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.options.meta?.signIn !== true) recheckSession(error);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
