import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { GroupsCard } from "./groups-card";
import { UsersCard } from "./users-card";

const assignable = { review: false, approve: false };
const roles = ["Author", "Reviewer", "Approver", "Viewer"] as const;
// 62 accounts, as an organisation past its pilot has: the demo's admin plus 61 people.
const users = [
  { id: "u0", username: "admin", role: "Admin", assignable },
  ...Array.from({ length: 61 }, (_, i) => ({
    id: `u${i + 1}`,
    username: `person${String(i + 1).padStart(2, "0")}`,
    role: roles[i % roles.length],
    assignable,
  })),
];
const groups = Array.from({ length: 23 }, (_, i) => ({
  id: `g${i + 1}`,
  name: `Team ${String(i + 1).padStart(2, "0")}`,
  description: "",
  memberCount: i + 1,
  memberIds: users.slice(1, i + 2).map((u) => u.id),
  createdAt: "2026-11-01T00:00:00.000Z",
}));

beforeAll(() => {
  // Radix Checkbox measures itself; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const rows = (card: HTMLElement, prefix: string) =>
  card.querySelectorAll(`[data-testid^="${prefix}"]`).length;

describe("Settings with many users and groups", () => {
  it("Users: previews 4, then pages ten at a time", async () => {
    mockFetch({ "GET /api/users": { body: users } });
    renderWithApp(<UsersCard currentUserId="u0" />, { path: "/settings" });
    const card = await screen.findByTestId("card-users");
    await waitFor(() => expect(screen.getByTestId("text-user-count").textContent).toBe("62 users"));
    expect(rows(card, "user-row-")).toBe(4);

    fireEvent.click(screen.getByTestId("button-more-users"));
    expect(rows(card, "user-row-")).toBe(10);
    expect(screen.getByTestId("text-users-shown").textContent).toBe("Showing 1–10 of 62 users");
    const pages = within(card).getByTestId("pagination");
    expect(pages.textContent).toContain("Page 1 of 7");
    fireEvent.click(within(pages).getByRole("button", { name: "Next" }));
    expect(screen.getByTestId("user-row-person10")).toBeTruthy();
    expect(screen.getByTestId("text-users-shown").textContent).toBe("Showing 11–20 of 62 users");
  }, 15_000);

  it("Users: filters by name or role from its first page, and says when nothing matches", async () => {
    mockFetch({ "GET /api/users": { body: users } });
    renderWithApp(<UsersCard currentUserId="u0" />, { path: "/settings" });
    const card = await screen.findByTestId("card-users");
    await waitFor(() => expect(rows(card, "user-row-")).toBe(4));
    // person57 is on page 6 of the whole list.
    fireEvent.change(screen.getByTestId("input-filter-users"), { target: { value: "PERSON57" } });
    expect(rows(card, "user-row-")).toBe(1);
    expect(screen.getByTestId("user-row-person57")).toBeTruthy();
    expect(within(card).queryByTestId("pagination")).toBeNull();

    fireEvent.change(screen.getByTestId("input-filter-users"), { target: { value: "reviewer" } });
    expect(screen.getByTestId("text-users-shown").textContent).toBe(
      "Showing 1–10 of 15 users matching “reviewer”",
    );
    fireEvent.change(screen.getByTestId("input-filter-users"), { target: { value: "nobody" } });
    expect(rows(card, "user-row-")).toBe(0);
    expect(screen.getByTestId("text-users-shown").textContent).toBe("No users match “nobody”.");
  }, 15_000);

  it("Users: counts disabled accounts apart, so the preview and the pages add up to the header", async () => {
    const withLeavers = users.map((u, i) => (i >= 60 ? { ...u, disabled: true } : u));
    mockFetch({ "GET /api/users": { body: withLeavers } });
    renderWithApp(<UsersCard currentUserId="u0" />, { path: "/settings" });
    await waitFor(() => expect(screen.getByTestId("text-user-count").textContent).toBe("60 users"));
    // 4 shown + 56 more = the 60 users of the header; the 2 disabled accounts are named apart.
    const more = screen.getByTestId("button-more-users");
    expect(more.textContent).toBe("+56 more users and 2 disabled");
    fireEvent.click(more);
    expect(screen.getByTestId("text-users-shown").textContent).toBe("Showing 1–10 of 62 accounts");
  }, 15_000);

  it("Groups: names five members a row, filters by group or member, and pages ten at a time", async () => {
    mockFetch({ "GET /api/users": { body: users }, "GET /api/groups": { body: groups } });
    renderWithApp(<GroupsCard />, { path: "/settings" });
    const card = await screen.findByTestId("card-groups");
    await waitFor(() => expect(rows(card, "group-row-")).toBe(10));
    await waitFor(() =>
      expect(screen.getByTestId("group-row-Team 10").textContent).toContain(
        "person01, person02, person03, person04, person05 and 5 more",
      ),
    );
    expect(screen.getByTestId("text-groups-shown").textContent).toBe("Showing 1–10 of 23 groups");
    fireEvent.click(within(within(card).getByTestId("pagination")).getByRole("button", { name: "Next" }));
    expect(screen.getByTestId("group-row-Team 11")).toBeTruthy();

    // person20 belongs to Team 20 to Team 23 only.
    fireEvent.change(screen.getByTestId("input-filter-groups"), { target: { value: "person20" } });
    expect(rows(card, "group-row-")).toBe(4);
    expect(screen.getByTestId("group-row-Team 20")).toBeTruthy();
    fireEvent.change(screen.getByTestId("input-filter-groups"), { target: { value: "team 23" } });
    expect(rows(card, "group-row-")).toBe(1);
  }, 15_000);

  it("Group dialog: filters the people to tick, and keeps those ticked while hidden", async () => {
    const sent = mockFetch({
      "GET /api/users": { body: users },
      "GET /api/groups": { body: groups.slice(0, 1) },
      "PATCH /api/groups/g1": { body: { ...groups[0], memberIds: ["u1", "u33"], memberCount: 2 } },
    });
    renderWithApp(<GroupsCard />, { path: "/settings" });
    fireEvent.click(await screen.findByTestId("button-edit-group-Team 01"));
    const dialog = await screen.findByTestId("dialog-group");
    await waitFor(() => expect(rows(dialog, "checkbox-member-")).toBe(62));
    fireEvent.change(within(dialog).getByTestId("input-filter-members"), { target: { value: "person33" } });
    expect(rows(dialog, "checkbox-member-")).toBe(1);
    fireEvent.click(within(dialog).getByTestId("checkbox-member-person33"));
    fireEvent.change(within(dialog).getByTestId("input-filter-members"), { target: { value: "zzz" } });
    expect(within(dialog).getByTestId("text-no-members-match").textContent).toBe("Nobody matches “zzz”.");
    fireEvent.click(within(dialog).getByTestId("button-save-group"));
    await waitFor(() => {
      const patch = sent.mock.calls.find(
        ([url, init]) => init?.method === "PATCH" && url === "/api/groups/g1",
      );
      expect(JSON.parse(patch?.[1]?.body ?? "{}").memberIds.sort()).toEqual(["u1", "u33"]);
    });
  }, 15_000);
});
