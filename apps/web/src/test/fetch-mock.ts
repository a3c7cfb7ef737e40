import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { vi } from "vitest";

export type Route = {
  status?: number;
  body?: unknown;
  statusText?: string;
  headers?: Record<string, string>;
};

/** What a test can check about a request the app sent. */
export type SentRequest = {
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: string;
};

/**
 * The network for unit tests: msw answers every request the app makes (fetch and
 * XMLHttpRequest) at the network layer, so the real API client runs, parses and fails as in
 * the browser. Unlisted requests answer 404 with a JSON message, like the server does.
 */
export const server = setupServer(
  http.all("*", () => HttpResponse.json({ message: "Not found" }, { status: 404 })),
);

/**
 * Answers requests from a table keyed by "METHOD /path" (the query string is ignored when
 * matching). Returns a spy called once per request with its path and query, and what was sent.
 */
export function mockFetch(routes: Record<string, Route | ((init?: SentRequest) => Route)>) {
  const spy = vi.fn<(url: string, init?: SentRequest) => void>();
  server.use(
    http.all("*", async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
      const sent: SentRequest = {
        method: request.method,
        headers: Object.fromEntries(request.headers.entries()),
        body: text === "" ? undefined : text,
        credentials: request.credentials,
      };
      spy(url.pathname + url.search, sent);
      const entry = routes[`${request.method} ${url.pathname}`];
      const route =
        typeof entry === "function"
          ? entry(sent)
          : (entry ?? { status: 404, body: { message: "Not found" } });
      const status = route.status ?? 200;
      const body = status === 204 || route.body === undefined ? null : JSON.stringify(route.body);
      return new HttpResponse(body, {
        status,
        statusText: route.statusText ?? "",
        headers: { "Content-Type": "application/json", ...route.headers },
      });
    }),
  );
  return spy;
}
