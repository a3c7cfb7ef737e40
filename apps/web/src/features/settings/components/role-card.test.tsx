import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage, i18n } from "@/lib/i18n";
import { sessionUser } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { permissionTexts, RoleCard } from "./role-card";

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

describe("Role & Permissions in the reader's language", () => {
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  const author = {
    permissions: [
      "Read documents the access lists let you see",
      "Your own documents: edit details, add new versions",
      "Something a newer server says",
    ],
    permissionLines: [
      { key: "read" },
      { key: "ownDocuments", actions: ["edit", "addVersions"] },
      { key: "somethingNew" },
    ],
  };

  it("writes each line in German from its facts, and keeps the English of a line it does not know", async () => {
    await applyLanguage("de");
    expect(permissionTexts(author)).toEqual([
      "Dokumente lesen, die Ihnen die Zugriffslisten zeigen",
      "Ihre eigenen Dokumente: Angaben bearbeiten, neue Versionen hinzufügen",
      "Something a newer server says",
    ]);
  });

  it("shows the English lines in English, and without facts", async () => {
    expect(permissionTexts(author).slice(0, 2)).toEqual(author.permissions.slice(0, 2));
    await applyLanguage("de");
    expect(permissionTexts({ permissions: ["Old line"] })).toEqual(["Old line"]);
  });
});
