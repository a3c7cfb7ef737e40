import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { apiCommand } from "./api-client";
import { usersQueryOptions } from "./api/users";
import { documentQueryOptions } from "./api/document";
import { userQueryOptions } from "./auth";
import { createQueryClient, userQueryKey } from "./query-client";

const admin = { id: "1", username: "a", role: "Admin", assignable: { review: false, approve: false } };

describe("query client (seed §7)", () => {
  it("has no default fetcher: every query names its own, which parses the answer", async () => {
    expect(createQueryClient().getDefaultOptions().queries?.queryFn).toBeUndefined();
    const spy = mockFetch({ "GET /api/users": { body: [admin] } });
    const client = createQueryClient();
    const data = await client.fetchQuery(usersQueryOptions);
    expect(data).toEqual([admin]);
    expect(spy.mock.calls[0]?.[0]).toBe("/api/users");
    expect(spy.mock.calls[0]?.[1]?.credentials).toBe("include");
  });

  it("raises a non-ok answer as '{status}: {body text}' without retrying", async () => {
    const spy = mockFetch({
      "GET /api/documents/missing": { status: 404, body: { message: "Document not found" } },
    });
    const client = createQueryClient();
    await expect(client.fetchQuery(documentQueryOptions("missing"))).rejects.toThrow(
      '404: {"message":"Document not found"}',
    );
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("never goes stale, never refetches on focus or on an interval, never retries", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("can turn a 401 into null", async () => {
    mockFetch({ "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } } });
    const client = createQueryClient();
    const user = await client.fetchQuery(userQueryOptions);
    expect(user).toBeNull();
  });

  it("marks the session for a re-check when another read answers 401", async () => {
    mockFetch({ "GET /api/users": { status: 401, body: { message: "Not signed in" } } });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, admin);
    await expect(client.fetchQuery(usersQueryOptions)).rejects.toThrow(/^401/);
    // Mounted, the user query refetches at once and the route guard sends the person to sign-in.
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });

  it("leaves the session alone on other errors", async () => {
    mockFetch({ "GET /api/users": { status: 403, body: { message: "Admins only" } } });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, { id: "1", username: "a", role: "Author" });
    await expect(client.fetchQuery(usersQueryOptions)).rejects.toThrow(/^403/);
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(false);
  });

  it("marks the session for a re-check when a write answers 401, but not for a failed sign-in", async () => {
    mockFetch({ "POST /api/x": { status: 401, body: { message: "Not signed in" } } });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, null);
    const write = (meta?: Record<string, unknown>) =>
      client
        .getMutationCache()
        .build(client, { meta, mutationFn: () => apiCommand("POST", "/api/x") })
        .execute(undefined);
    await expect(write({ signIn: true })).rejects.toThrow(/^401/);
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(false);
    await expect(write()).rejects.toThrow(/^401/);
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });
});
