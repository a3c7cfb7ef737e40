import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sessionUser } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { RoleCard } from "./role-card";

describe("Role & Permissions", () => {
  it("lists what the server says the role may do, and nothing of its own", async () => {
    const user = {
      ...sessionUser({ id: "u1", username: "approver", role: "Approver" }),
      permissions: [
        "Read documents the access lists let you see",
        "Decide documents assigned to you after review: approve, or reject with a reason",
      ],
    };
    renderWithApp(<RoleCard user={user} demo={false} />, { path: "/settings" });
    const list = await screen.findByTestId("list-permissions");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(user.permissions);
    expect(list.textContent).not.toMatch(/override/i);
    expect(list.getAttribute("aria-label")).toBe("Permissions of Approver");
  });
});
