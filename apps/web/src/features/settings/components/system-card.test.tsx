import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Role } from "@quire/contracts";
import { sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
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
};

function renderAs(role: Role) {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "u1", username: role.toLowerCase(), role }) },
    "GET /api/system": { body: system },
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
});
