import { screen, waitFor } from "@testing-library/react";
import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { sessionKeys } from "@/lib/query-keys";
import { mockFetch } from "@/test/fetch-mock";
import { sessionUser } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { Footer } from "./landing-page";

/** Once the session check has answered, whatever it said. */
const sessionKnown = (client: QueryClient) =>
  waitFor(() => expect(client.getQueryState(sessionKeys.user)?.status).toBe("success"));

describe("Landing page › footer", () => {
  it("offers a signed-out visitor sign-in, not the API documentation they could not open", async () => {
    mockFetch({
      "GET /api/auth/user": { status: 401, body: { message: "Authentication required: sign in first" } },
    });
    const { client } = renderWithApp(<Footer />, { path: "/" });
    await sessionKnown(client);
    expect(screen.getByRole("link", { name: "Sign in" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "API documentation" })).toBeNull();
  });

  it("links a signed-in visitor to the API documentation", async () => {
    mockFetch({ "GET /api/auth/user": { body: sessionUser({ id: "1", username: "admin", role: "Admin" }) } });
    renderWithApp(<Footer />, { path: "/" });
    const link = await screen.findByRole("link", { name: "API documentation" });
    expect(link.getAttribute("href")).toBe("/api/docs");
  });

  it("keeps it from one who must first choose a new password", async () => {
    const user = sessionUser({ id: "1", username: "admin", role: "Admin", mustChangePassword: true });
    mockFetch({ "GET /api/auth/user": { body: user } });
    const { client } = renderWithApp(<Footer />, { path: "/" });
    await sessionKnown(client);
    expect(screen.queryByRole("link", { name: "API documentation" })).toBeNull();
  });
});
