import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { apiRequest, errorMessage, errorStatus } from "./api-client";

describe("apiRequest", () => {
  it("sends JSON with a content type only when there is a body, always with credentials", async () => {
    const spy = mockFetch({
      "POST /api/things": { body: { ok: true } },
      "POST /api/things/1/read": { status: 204 },
    });
    await apiRequest("POST", "/api/things", { name: "a" });
    await apiRequest("POST", "/api/things/1/read");

    const [, withBody] = spy.mock.calls[0]!;
    expect(withBody?.headers).toEqual({ "Content-Type": "application/json" });
    expect(withBody?.body).toBe('{"name":"a"}');
    expect(withBody?.credentials).toBe("include");

    const [, without] = spy.mock.calls[1]!;
    expect(without?.headers).toEqual({});
    expect(without?.body).toBeUndefined();
    expect(without?.credentials).toBe("include");
  });

  it("throws '{status}: {body}' on a non-ok answer", async () => {
    mockFetch({ "POST /api/auth/login": { status: 401, body: { message: "Invalid username or password" } } });
    await expect(apiRequest("POST", "/api/auth/login", {})).rejects.toThrow(
      '401: {"message":"Invalid username or password"}',
    );
  });

  it("uses the status text when the body is empty", async () => {
    mockFetch({ "DELETE /api/x": { status: 503, statusText: "Service Unavailable" } });
    await expect(apiRequest("DELETE", "/api/x")).rejects.toThrow("503: Service Unavailable");
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
