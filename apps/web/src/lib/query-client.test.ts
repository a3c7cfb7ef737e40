import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { apiRequest } from "./api-client";
import { createQueryClient, getQueryFn, userQueryKey } from "./query-client";

describe("query client (seed §7)", () => {
  it("joins the key segments with '/' into the path and sends credentials", async () => {
    const spy = mockFetch({ "GET /api/documents/d1/versions": { body: [{ version: 1 }] } });
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: ["/api/documents", "d1", "versions"] });
    expect(data).toEqual([{ version: 1 }]);
    expect(spy.mock.calls[0]?.[0]).toBe("/api/documents/d1/versions");
    expect(spy.mock.calls[0]?.[1]?.credentials).toBe("include");
  });

  it("raises a non-ok answer as '{status}: {body text}' without retrying", async () => {
    const spy = mockFetch({
      "GET /api/documents/missing": { status: 404, body: { message: "Document not found" } },
    });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/documents", "missing"] })).rejects.toThrow(
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
    const user = await client.fetchQuery({
      queryKey: userQueryKey,
      queryFn: getQueryFn({ on401: "returnNull" }),
    });
    expect(user).toBeNull();
  });

  it("marks the session for a re-check when another read answers 401", async () => {
    mockFetch({ "GET /api/users": { status: 401, body: { message: "Not signed in" } } });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, { id: "1", username: "a", role: "Admin" });
    await expect(client.fetchQuery({ queryKey: ["/api/users"] })).rejects.toThrow(/^401/);
    // Mounted, the user query refetches at once and the route guard sends the person to sign-in.
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });

  it("leaves the session alone on other errors", async () => {
    mockFetch({ "GET /api/users": { status: 403, body: { message: "Admins only" } } });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, { id: "1", username: "a", role: "Author" });
    await expect(client.fetchQuery({ queryKey: ["/api/users"] })).rejects.toThrow(/^403/);
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(false);
  });

  it("marks the session for a re-check when a write answers 401, but not for a failed sign-in", async () => {
    mockFetch({ "POST /api/x": { status: 401, body: { message: "Not signed in" } } });
    const client = createQueryClient();
    client.setQueryData(userQueryKey, null);
    const write = (meta?: Record<string, unknown>) =>
      client
        .getMutationCache()
        .build(client, { meta, mutationFn: () => apiRequest("POST", "/api/x") })
        .execute(undefined);
    await expect(write({ signIn: true })).rejects.toThrow(/^401/);
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(false);
    await expect(write()).rejects.toThrow(/^401/);
    expect(client.getQueryState(userQueryKey)?.isInvalidated).toBe(true);
  });
});
