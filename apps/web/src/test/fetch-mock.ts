import { vi } from "vitest";

export type Route = { status?: number; body?: unknown; statusText?: string };

/**
 * Replaces fetch with a table of answers keyed by "METHOD /path". Unlisted requests answer 404
 * with a JSON message, like the server does. Returns the spy to inspect calls.
 */
export function mockFetch(routes: Record<string, Route | ((init?: RequestInit) => Route)>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? "GET"} ${new URL(url, "http://localhost").pathname}`;
    const entry = routes[key];
    const route =
      typeof entry === "function" ? entry(init) : (entry ?? { status: 404, body: { message: "Not found" } });
    const status = route.status ?? 200;
    const text = route.body === undefined ? "" : JSON.stringify(route.body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: route.statusText ?? "",
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", spy);
  return spy;
}
