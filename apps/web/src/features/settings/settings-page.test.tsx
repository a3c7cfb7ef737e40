import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Role } from "@quire/contracts";
import { sessionUser, settings } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { applyLanguage } from "@/lib/i18n";
import { SettingsPage } from "./settings-page";

function signedInAs(role: Role) {
  return mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "1", username: role.toLowerCase(), role }) },
    "GET /api/auth/login": { body: { demo: true, demoPassword: "demo", demoUsers: [] } },
    "GET /api/settings": { body: settings() },
  });
}

const nav = () => screen.getByRole("navigation", { name: "Settings sections" });
const navLabels = () =>
  within(nav())
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("Settings sections", () => {
  it("lists every section for an Admin and marks the one at the address as current", async () => {
    signedInAs("Admin");
    renderWithApp(<SettingsPage />, { path: "/settings/categories/access" });
    await waitFor(() => expect(navLabels()).toContain("Audit"));
    expect(navLabels()).toEqual([
      "General",
      "Account",
      "Users & Groups",
      "Category Access",
      "Document Control",
      "Ingestion",
      "Audit",
      "Public Contact",
    ]);
    const current = within(nav()).getAllByRole("link", { current: "page" });
    expect(current.map((link) => link.textContent)).toEqual(["Category Access"]);
    expect(current[0]?.getAttribute("href")).toBe("/settings/categories/access");
    expect(screen.getByTestId("settings-section-category-access")).toBeTruthy();
    expect(document.title).toBe("Category Access · Settings · Quire");
  });

  it("moves to another section through the navigation, which then marks that one", async () => {
    signedInAs("Admin");
    const { location } = renderWithApp(<SettingsPage />, { path: "/settings" });
    await screen.findByTestId("settings-nav-public-contact");
    expect(screen.getByTestId("settings-nav-general").getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByTestId("settings-nav-public-contact"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/settings/public-contact"));
    expect(screen.getByTestId("settings-nav-public-contact").getAttribute("aria-current")).toBe("page");
    expect(screen.getByTestId("settings-nav-general").getAttribute("aria-current")).toBeNull();
    expect(await screen.findByTestId("button-save-public-contact")).toBeTruthy();
  });

  it("shows a non-Admin only General and Account, and refuses an Admin section's address with the reason", async () => {
    signedInAs("Author");
    renderWithApp(<SettingsPage />, { path: "/settings/audit" });
    const refusal = await screen.findByTestId("text-not-allowed");
    expect(refusal.textContent).toContain("Your role (Author) cannot read the audit trail.");
    expect(screen.queryByTestId("card-audit")).toBeNull();
    expect(navLabels()).toEqual(["General", "Account"]);
    expect(within(nav()).queryAllByRole("link", { current: "page" })).toEqual([]);
    expect(screen.getByTestId("link-settings-general").getAttribute("href")).toBe("/settings");
  });

  it("refuses in German, the role and what it cannot do named as German names them", async () => {
    await applyLanguage("de");
    signedInAs("Author");
    renderWithApp(<SettingsPage />, { path: "/settings/audit" });
    const refusal = await screen.findByTestId("text-not-allowed");
    expect(refusal.textContent).toBe(
      "Ihre Rolle (Autor) erlaubt es nicht, das Protokoll einzusehen. Ein Administrator kann Ihre Rolle in den Einstellungen ändern.",
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Für Ihre Rolle nicht verfügbar");
  });

  it("says so for an address under /settings that names no section", async () => {
    signedInAs("Viewer");
    renderWithApp(<SettingsPage />, { path: "/settings/nope" });
    expect(await screen.findByText("No such section")).toBeTruthy();
    expect(screen.getByTestId("settings-section-unknown")).toBeTruthy();
  });
});
