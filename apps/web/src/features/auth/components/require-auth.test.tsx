import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { RequireAuth } from "./require-auth";

describe("RequireAuth", () => {
  it("sends a signed-out visitor to sign-in with the page asked for as next", async () => {
    mockFetch({ "GET /api/auth/user": { status: 401, body: { message: "Not signed in" } } });
    const { location } = renderWithApp(<RequireAuth>secret</RequireAuth>, { path: "/documents?category=c1" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/login?next=%2Fdocuments%3Fcategory%3Dc1"));
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("shows the page to a signed-in user", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "2", username: "author", role: "Author" }) },
    });
    renderWithApp(<RequireAuth>secret</RequireAuth>, { path: "/documents" });
    expect(await screen.findByText("secret")).toBeTruthy();
  });

  it("asks a user signed in with a one-time password for a new one before showing the page", async () => {
    mockFetch({
      "GET /api/auth/user": {
        body: sessionUser({ id: "3", username: "newcomer", role: "Author", mustChangePassword: true }),
      },
    });
    renderWithApp(<RequireAuth>secret</RequireAuth>, { path: "/documents" });
    expect(await screen.findByRole("heading", { name: "Set a new password" })).toBeTruthy();
    expect(screen.getByLabelText("One-time password")).toBeTruthy();
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("explains a failed session check and offers a retry", async () => {
    mockFetch({ "GET /api/auth/user": { status: 500, body: { message: "Database unavailable" } } });
    renderWithApp(<RequireAuth>secret</RequireAuth>);
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
