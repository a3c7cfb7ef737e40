import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { ApiTokensCard } from "./api-tokens-card";

const nightly = {
  id: "t1",
  name: "Nightly backup",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
  expiresAt: null,
};

describe("API Tokens", () => {
  it("creates a token with the name given and shows its secret once", async () => {
    let tokens = [nightly];
    const sent = mockFetch({
      "GET /api/auth/tokens": () => ({ body: tokens }),
      "POST /api/auth/tokens": (init) => {
        const { name } = JSON.parse(init?.body ?? "{}") as { name: string };
        const made = { ...nightly, id: "t2", name };
        tokens = [...tokens, made];
        return { status: 201, body: { ...made, token: "qt_secret" } };
      },
    });
    renderWithApp(<ApiTokensCard />, { path: "/settings" });
    expect((await screen.findByTestId("token-row-Nightly backup")).textContent).toContain("never used");
    fireEvent.change(screen.getByTestId("input-token-name"), { target: { value: "  Reporting  " } });
    fireEvent.click(screen.getByTestId("button-create-token"));
    expect(((await screen.findByTestId("input-new-token")) as HTMLInputElement).value).toBe("qt_secret");
    const post = sent.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(post?.[1]?.body ?? "{}")).toEqual({ name: "Reporting" });
    expect(await screen.findByTestId("token-row-Reporting")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("input-new-token")).toBeNull();
  });

  it("revokes a token and shows the server's refusal when a name is rejected", async () => {
    const sent = mockFetch({
      "GET /api/auth/tokens": { body: [nightly] },
      "DELETE /api/auth/tokens/t1": { status: 204 },
      "POST /api/auth/tokens": { status: 400, body: { message: "Invalid body: name: name is required" } },
    });
    renderWithApp(<ApiTokensCard />, { path: "/settings" });
    fireEvent.click(await screen.findByTestId("button-revoke-token-Nightly backup"));
    await waitFor(() =>
      expect(
        sent.mock.calls.some(([url, init]) => init?.method === "DELETE" && url === "/api/auth/tokens/t1"),
      ).toBe(true),
    );
    fireEvent.change(screen.getByTestId("input-token-name"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("button-create-token"));
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid body: name: name is required");
  });
});
