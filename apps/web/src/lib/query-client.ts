import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { errorStatus } from "./api-client";
import { sessionKeys } from "./query-keys";

/**
 * Keys come from the factories in ./query-keys. There is deliberately no default `queryFn`:
 * every query names its endpoint's fetcher, which parses the answer with its contracts schema.
 */
export const userQueryKey = sessionKeys.user;

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
