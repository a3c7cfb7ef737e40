import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sessionUser, settings } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { i18n } from "@/lib/i18n";
import { SettingsPage } from "../settings-page";

beforeAll(() => {
  // Radix Select measures and scrolls with APIs jsdom does not implement.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(async () => {
  await i18n.changeLanguage("en");
});

function account(put: { status?: number; body: unknown }) {
  return mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "2", username: "author", role: "Author" }) },
    "GET /api/auth/login": { body: { demo: false, demoPassword: null, demoUsers: [] } },
    "GET /api/settings": { body: settings() },
    "GET /api/auth/tokens": { body: [] },
    "PUT /api/auth/language": put,
  });
}

async function choose(name: string) {
  const trigger = await screen.findByTestId("select-language");
  fireEvent.keyDown(trigger, { key: "ArrowDown" });
  fireEvent.click(await screen.findByRole("option", { name }));
}

describe("Settings › Account › Language", () => {
  it("switches the page to German at once, saves the choice on the server and marks the document German", async () => {
    const spy = account({ body: { language: "de" } });
    renderWithApp(<SettingsPage />, { path: "/settings/account" });
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeTruthy();
    expect(screen.getByTestId("select-language").textContent).toContain("English");

    await choose("Deutsch");

    expect(await screen.findByRole("heading", { name: "Einstellungen" })).toBeTruthy();
    expect(screen.getByTestId("settings-nav-account").textContent).toBe("Konto");
    expect(screen.getByTestId("card-api-tokens").textContent).toContain("API-Tokens");
    expect(screen.queryByText("API Tokens")).toBeNull();
    expect(screen.getByTestId("select-language").textContent).toContain("Deutsch");
    expect(document.documentElement.lang).toBe("de");
    const put = spy.mock.calls.find(([url, sent]) => url === "/api/auth/language" && sent?.method === "PUT");
    expect(put?.[1]?.body).toBe('{"language":"de"}');
  });

  it("stays in English and says why when the server refuses the choice", async () => {
    account({ status: 500, body: { message: "The database is unavailable." } });
    renderWithApp(<SettingsPage />, { path: "/settings/account" });
    await choose("Français");
    expect(await screen.findByText("Could not save the language")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Settings" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("select-language").textContent).toContain("English"));
    expect(document.documentElement.lang).toBe("en");
  });
});
