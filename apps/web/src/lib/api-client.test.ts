import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { mockFetch } from "@/test/fetch-mock";
import {
  apiCommand,
  apiFetch,
  apiFetchOrNull,
  ApiError,
  errorMessage,
  errorStatus,
  ResponseShapeError,
  swapSession,
} from "./api-client";
import { applyLanguage, i18n } from "./i18n";

const thing = z.object({ ok: z.boolean() });

describe("apiFetch", () => {
  it("returns the answer parsed with its schema", async () => {
    mockFetch({ "GET /api/things": { body: { ok: true, extra: "dropped" } } });
    await expect(apiFetch("/api/things", thing)).resolves.toEqual({ ok: true });
  });

  it("throws a readable error when the answer does not match its contract", async () => {
    mockFetch({ "GET /api/things": { body: { ok: "yes" } } });
    const failure = apiFetch("/api/things", thing);
    await expect(failure).rejects.toBeInstanceOf(ResponseShapeError);
    await expect(apiFetch("/api/things", thing)).rejects.toThrow(
      /The server's answer to \/api\/things could not be read at ok/,
    );
    await failure.catch((error: unknown) => {
      expect(errorMessage(error)).toMatch(/could not be read/);
      expect(errorStatus(error)).toBeNull();
    });
  });

  it("checks an answer with a schema loaded beside the request, as strictly as a given one", async () => {
    mockFetch({ "GET /api/things": { body: { ok: true, extra: "dropped" } } });
    let loads = 0;
    const loadThing = async () => {
      loads += 1;
      return thing;
    };
    await expect(apiFetch("/api/things", loadThing)).resolves.toEqual({ ok: true });
    expect(loads).toBe(1);
    mockFetch({ "GET /api/things": { body: { ok: "yes" } } });
    await expect(apiFetch("/api/things", loadThing)).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it("fails the request when its schema cannot be loaded", async () => {
    mockFetch({ "GET /api/things": { body: { ok: true } } });
    const unreachable = () => Promise.reject(new Error("Failed to fetch dynamically imported module"));
    await expect(apiFetch("/api/things", unreachable)).rejects.toThrow(/dynamically imported module/);
  });

  it("yields null for the listed statuses only", async () => {
    mockFetch({ "GET /api/none": { status: 404, body: { message: "None yet" } } });
    await expect(apiFetchOrNull("/api/none", thing, [404])).resolves.toBeNull();
    await expect(apiFetchOrNull("/api/none", thing, [])).rejects.toThrow(/^404/);
  });
});

describe("an answer public/boot.js asked for early", () => {
  afterEach(() => {
    window.quireEarly = undefined;
  });

  it("is taken by the first GET of its path instead of asking again, and only by the first", async () => {
    const spy = mockFetch({ "GET /api/things": { body: { ok: false } } });
    window.quireEarly = {
      "/api/things": Promise.resolve(
        new Response(JSON.stringify({ ok: true }), { headers: { "Content-Type": "application/json" } }),
      ),
    };
    await expect(apiFetch("/api/things", thing)).resolves.toEqual({ ok: true });
    expect(spy).not.toHaveBeenCalled();
    await expect(apiFetch("/api/things", thing)).resolves.toEqual({ ok: false });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("is asked again when the early request failed, and never serves a change", async () => {
    const spy = mockFetch({
      "GET /api/things": { body: { ok: true } },
      "POST /api/things": { body: { ok: false } },
    });
    const failed = Promise.reject(new TypeError("Failed to fetch"));
    failed.catch(() => {}); // as boot.js does: a failure nobody took is not an unhandled one
    window.quireEarly = { "/api/things": failed };
    await expect(apiFetch("/api/things", thing, { method: "POST", body: {} })).resolves.toEqual({
      ok: false,
    });
    await expect(apiFetch("/api/things", thing)).resolves.toEqual({ ok: true });
    expect(spy.mock.calls.map(([, sent]) => sent?.method)).toEqual(["POST", "GET"]);
  });
});

describe("apiCommand", () => {
  it("sends JSON with a content type only when there is a body, always with credentials", async () => {
    const spy = mockFetch({
      "POST /api/things": { body: { ok: true } },
      "POST /api/things/1/read": { status: 204 },
    });
    await apiCommand("POST", "/api/things", { name: "a" });
    await apiCommand("POST", "/api/things/1/read");

    const [, withBody] = spy.mock.calls[0]!;
    expect(withBody?.headers["content-type"]).toBe("application/json");
    expect(withBody?.body).toBe('{"name":"a"}');
    expect(withBody?.credentials).toBe("include");

    const [, without] = spy.mock.calls[1]!;
    expect(without?.headers["content-type"]).toBeUndefined();
    expect(without?.body).toBeUndefined();
    expect(without?.credentials).toBe("include");
  });

  it("throws '{status}: {body}' on a non-ok answer", async () => {
    mockFetch({ "POST /api/auth/login": { status: 401, body: { message: "Invalid username or password" } } });
    await expect(apiCommand("POST", "/api/auth/login", {})).rejects.toThrow(
      '401: {"message":"Invalid username or password"}',
    );
  });

  it("uses the status text when the body is empty", async () => {
    mockFetch({ "DELETE /api/x": { status: 503, statusText: "Service Unavailable" } });
    await expect(apiCommand("DELETE", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("a busy server (503 with Retry-After)", () => {
  it("is asked once more after the delay it names, and the second answer is used", async () => {
    let calls = 0;
    const spy = mockFetch({
      "POST /api/ai/ask": () =>
        ++calls === 1
          ? { status: 503, headers: { "Retry-After": "1" }, body: { message: "The server is busy" } }
          : { body: { ok: true } },
    });
    const started = Date.now();
    await expect(
      apiFetch("/api/ai/ask", thing, { method: "POST", body: { question: "q" } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(spy.mock.calls[1]?.[1]?.body).toBe('{"question":"q"}');
  });

  it("shows the server's busy message when the second try is refused too, and never waits long", async () => {
    const spy = mockFetch({
      "GET /api/search": {
        status: 503,
        headers: { "Retry-After": "1" },
        body: { message: "The server is busy with searches; try again in 1 s." },
      },
      "GET /api/slow": { status: 503, headers: { "Retry-After": "120" }, body: { message: "Busy" } },
    });
    const failure = await apiFetch("/api/search?q=x", thing).catch((error: unknown) => error);
    expect(errorMessage(failure)).toBe("The server is busy with searches; try again in 1 s.");
    expect(spy).toHaveBeenCalledTimes(2);
    // A delay longer than a person would wait is shown at once instead.
    await expect(apiFetch("/api/slow", thing)).rejects.toThrow(/^503/);
    expect(spy).toHaveBeenCalledTimes(3);
  });
});

describe("errorMessage", () => {
  it("shows the server's JSON message", () => {
    expect(errorMessage(new Error('409: {"message":"Only Draft documents can be submitted"}'))).toBe(
      "Only Draft documents can be submitted",
    );
  });

  it("falls back to plain body text, then to a generic line for HTML or empty bodies", () => {
    expect(errorMessage(new Error("500: database is down"))).toBe("database is down");
    expect(errorMessage(new Error("502: <html>Bad gateway</html>"))).toBe(
      "Something went wrong. Please try again.",
    );
    expect(errorMessage("not an error", "fallback")).toBe("fallback");
  });

  it("explains a network failure", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toMatch(/Cannot reach the server/);
  });
});

describe("errorStatus", () => {
  it("reads the status from thrown errors", () => {
    expect(errorStatus(new Error('401: {"message":"x"}'))).toBe(401);
    expect(errorStatus(new Error("boom"))).toBeNull();
  });
});

describe("swapSession", () => {
  it("holds every other request until the session's swap has answered, and lets the swap's own through", async () => {
    let answerSwap: () => void = () => {};
    const swapAnswered = new Promise<void>((resolve) => (answerSwap = resolve));
    const sent = mockFetch({
      "POST /api/swap": { body: { ok: true } },
      "GET /api/things": { body: { ok: true } },
    });
    const swap = swapSession(async () => {
      const answer = await apiFetch("/api/swap", thing, { method: "POST" });
      await swapAnswered;
      return answer;
    });
    const load = apiFetch("/api/things", thing);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith("/api/swap", expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Sent now it would carry the cookie the swap ends.
    expect(sent.mock.calls.map(([url]) => url)).toEqual(["/api/swap"]);
    answerSwap();
    await expect(swap).resolves.toEqual({ ok: true });
    await expect(load).resolves.toEqual({ ok: true });
    expect(sent.mock.calls.map(([url]) => url)).toEqual(["/api/swap", "/api/things"]);
  });

  it("lets requests go again when the swap fails", async () => {
    mockFetch({
      "POST /api/swap": { status: 403, body: { message: "No" } },
      "GET /api/things": { body: { ok: true } },
    });
    await expect(swapSession(() => apiFetch("/api/swap", thing, { method: "POST" }))).rejects.toThrow(/^403/);
    await expect(apiFetch("/api/things", thing)).resolves.toEqual({ ok: true });
  });
});

describe("errorMessage in the reader's language", () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  const refused = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), "");

  it("says a coded refusal in German, its params filled in, and keeps the server's English in English", async () => {
    const stale = refused(409, {
      message: "This document changed since you opened it: version 3 is current",
      code: "staleVersion",
      params: { current: 3, expected: 2 },
    });
    const busy = refused(503, {
      message: "The server is busy with uploads; try again in 5 s.",
      code: "busy",
      params: { seconds: 5 },
    });
    const forbidden = refused(403, { message: "Your role does not allow this action", code: "forbidden" });
    const invalid = refused(400, { message: "Invalid body: title: Too small", code: "invalid" });
    expect(errorMessage(stale)).toBe("This document changed since you opened it: version 3 is current");
    expect(errorMessage(busy)).toBe("The server is busy with uploads; try again in 5 s.");
    await applyLanguage("de");
    expect(errorMessage(stale)).toBe(
      "Dieses Dokument hat sich geändert, seit Sie es geöffnet haben: Version 3 ist aktuell, Ihre Bearbeitung begann mit Version 2. Laden Sie es neu und nehmen Sie Ihre Änderung erneut vor.",
    );
    expect(errorMessage(busy)).toBe("Der Server ist ausgelastet. Versuchen Sie es in 5 s erneut.");
    expect(errorMessage(forbidden)).toBe("Ihre Rolle erlaubt diese Aktion nicht.");
    expect(errorMessage(invalid)).toBe(
      "Einige Angaben wurden nicht angenommen. Prüfen Sie sie und versuchen Sie es erneut.",
    );
    expect(
      errorMessage(refused(429, { message: "Too many", code: "rateLimited", params: { seconds: 30 } })),
    ).toBe("Zu viele Anfragen. Versuchen Sie es in 30 s erneut.");
    expect(errorMessage(refused(404, { message: "Document not found", code: "notFound" }))).toMatch(
      /^Nicht gefunden/,
    );
  });

  it("falls back to the server's text for a code the catalogue does not know, and says network and generic failures in German", async () => {
    await applyLanguage("de");
    expect(errorMessage(refused(418, { message: "I am a teapot", code: "teapot" }))).toBe("I am a teapot");
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(
      "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    );
    expect(errorMessage(new Error("502: <html>Bad gateway</html>"))).toBe(
      "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
    );
    // Params are data, never further translation or markup.
    expect(
      errorMessage(
        refused(503, {
          message: "Busy",
          code: "busy",
          params: { seconds: "$t(common:appName) {{seconds}}" },
        }),
      ),
    ).toBe("Der Server ist ausgelastet. Versuchen Sie es in $t(common:appName) {{seconds}} s erneut.");
  });
});
