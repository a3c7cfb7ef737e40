import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Role } from "@quire/contracts";
import { sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { applyLanguage } from "@/lib/i18n";
import { SystemCard } from "./system-card";

const system = {
  version: "1.0.0",
  environment: "Production",
  database: "pglite",
  blobStore: "fs",
  demo: false,
  aiProvider: "Built-in offline engine",
  nodeVersion: "v20.19.0",
  startedAt: "2026-11-27T06:00:00.000Z",
  lastUpdate: null,
  jobs: null,
  signIn: null,
};

const sso = {
  issuer: "https://id.acme.example/realms/staff",
  clientId: "quire",
  redirectUri: "https://quire.acme.example/api/auth/oidc/callback",
  scopes: "openid profile email",
  roleClaim: "roles",
  roleMap: [
    { value: "quire-admins", role: "Admin" },
    { value: "quire-authors", role: "Author" },
  ],
  groupsClaim: null,
};

function renderAs(role: Role, overrides: Record<string, unknown> = {}) {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "u1", username: role.toLowerCase(), role }) },
    "GET /api/system": { body: { ...system, ...overrides } },
  });
  renderWithApp(<SystemCard />, { path: "/settings" });
}

describe("System Information", () => {
  it("offers an Admin a backup download from the server", async () => {
    renderAs("Admin");
    const link = await screen.findByTestId("button-download-backup");
    expect(link.getAttribute("href")).toBe("/api/admin/backup");
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("offers no backup to someone who may not take one", async () => {
    renderAs("Author");
    expect((await screen.findByTestId("text-system-version")).textContent).toContain("v1.0.0");
    expect(screen.queryByTestId("button-download-backup")).toBeNull();
  });

  it("shows an Admin the single sign-on set-up the provider must match", async () => {
    renderAs("Admin", { signIn: { password: true, sso } });
    expect((await screen.findByTestId("text-system-sign-in")).textContent).toBe(
      "Password and Single sign-on (OpenID Connect)",
    );
    expect(screen.getByTestId("text-sso-redirect-uri").textContent).toBe(sso.redirectUri);
    expect(screen.getByTestId("text-sso-roles").textContent).toBe(
      "From the “roles” claim: quire-admins → Admin, quire-authors → Author",
    );
    expect(screen.getByText("Managed in Quire")).toBeTruthy();
  });

  it("says passwords are the only way in when no single sign-on is configured", async () => {
    renderAs("Admin", { signIn: { password: true, sso: null } });
    expect((await screen.findByTestId("text-system-sign-in")).textContent).toBe("Password");
    expect(screen.queryByTestId("text-sso-redirect-uri")).toBeNull();
  });

  it("speaks German, roles named as German names them and the restore command left as typed", async () => {
    await applyLanguage("de");
    renderAs("Admin", { signIn: { password: true, sso } });
    expect((await screen.findByTestId("text-system-sign-in")).textContent).toBe(
      "Passwort und Single Sign-on (OpenID Connect)",
    );
    expect(screen.getByTestId("text-sso-roles").textContent).toBe(
      "Aus dem Claim „roles“: quire-admins → Administrator, quire-authors → Autor",
    );
    expect(screen.getByText("Systeminformationen")).toBeTruthy();
    expect(screen.getByText("npm run quire -- restore <file>").tagName).toBe("CODE");
    expect(screen.queryByText(/System Information|Environment|Restore it into/)).toBeNull();
  });
});
