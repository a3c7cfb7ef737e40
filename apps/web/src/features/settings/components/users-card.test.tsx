import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { applyLanguage } from "@/lib/i18n";
import { UsersCard } from "./users-card";

const assignable = { review: false, approve: false };
const users = [
  { id: "u1", username: "admin", role: "Admin", assignable },
  { id: "u2", username: "author", role: "Author", assignable },
  {
    id: "u6",
    username: "leaver",
    role: "Reviewer",
    assignable: { review: true, approve: false },
    disabled: true,
  },
];

describe("Settings › Users", () => {
  it("counts active users, lists disabled ones marked, and disables only after a confirmation", async () => {
    const sent = mockFetch({
      "GET /api/users": { body: users },
      "PATCH /api/users/u2": { body: { id: "u2", username: "author", role: "Author", disabled: true } },
      "PATCH /api/users/u6": { body: { id: "u6", username: "leaver", role: "Reviewer" } },
    });
    renderWithApp(<UsersCard currentUserId="u1" />, { path: "/settings" });
    await waitFor(() => expect(screen.getByTestId("text-user-count").textContent).toBe("2 users"));
    expect(screen.getByTestId("badge-disabled-leaver")).toBeTruthy();
    // An Admin never disables their own account from here.
    expect(screen.queryByTestId("button-disable-user-admin")).toBeNull();
    expect(sent.mock.calls.some(([url]) => url === "/api/users?includeDisabled=true")).toBe(true);

    fireEvent.click(screen.getByTestId("button-disable-user-author"));
    expect(sent.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
    fireEvent.click(screen.getByTestId("button-confirm-disable-author"));
    await waitFor(() => {
      const patch = sent.mock.calls.find(
        ([url, init]) => init?.method === "PATCH" && url === "/api/users/u2",
      );
      expect(JSON.parse(patch?.[1]?.body ?? "{}")).toEqual({ disabled: true });
    });

    fireEvent.click(screen.getByTestId("button-enable-user-leaver"));
    await waitFor(() => {
      const patch = sent.mock.calls.find(
        ([url, init]) => init?.method === "PATCH" && url === "/api/users/u6",
      );
      expect(JSON.parse(patch?.[1]?.body ?? "{}")).toEqual({ disabled: false });
    });
  });

  it("speaks German: the count, the roles as German names them, and the confirmation", async () => {
    await applyLanguage("de");
    mockFetch({ "GET /api/users": { body: users } });
    renderWithApp(<UsersCard currentUserId="u1" />, { path: "/settings" });
    await waitFor(() => expect(screen.getByTestId("text-user-count").textContent).toBe("2 Benutzer"));
    expect(screen.getByTestId("badge-disabled-leaver").textContent).toBe("Deaktiviert");
    expect(screen.getByTestId("select-user-role-author").textContent).toBe("Autor");
    expect(screen.getByTestId("button-create-user").textContent).toBe("Benutzer hinzufügen");
    fireEvent.click(screen.getByTestId("button-disable-user-author"));
    expect(screen.getByRole("group").textContent).toMatch(
      /^author deaktivieren\? Die Person wird überall abgemeldet/,
    );
    expect(screen.getByTestId("card-users").textContent).not.toMatch(/users|Add User|Disabled|\(you\)/);
  });
});
