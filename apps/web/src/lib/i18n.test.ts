import { afterEach, describe, expect, it } from "vitest";
import {
  applyLanguage,
  browserLanguage,
  followBrowserLanguage,
  forgetLanguageChoice,
  i18n,
  initialLanguage,
} from "./i18n";
import { formatCount, formatDate, formatLocale, shortRelativeTime } from "./format";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the interface language", () => {
  it("before sign-in follows the first of the browser's languages Quire is written in", () => {
    expect(browserLanguage(["de-AT", "en-US"])).toBe("de");
    expect(browserLanguage(["es-ES", "fr-CA", "de"])).toBe("fr");
    expect(browserLanguage(["es", "it"])).toBe("en");
    expect(browserLanguage([])).toBe("en");
  });

  it("loads German's catalogue when it is chosen, marks the page German, and keeps the choice for the next load", async () => {
    expect(i18n.t("shell:nav.settings")).toBe("Settings");
    await applyLanguage("de", { keep: true });
    expect(i18n.t("shell:nav.settings")).toBe("Einstellungen");
    expect(document.documentElement.lang).toBe("de");
    expect(initialLanguage()).toBe("de");
    // Signing out hands the choice back to the browser's own languages (jsdom's are English).
    forgetLanguageChoice();
    expect(initialLanguage()).toBe("en");
    await followBrowserLanguage();
    expect(i18n.t("shell:nav.settings")).toBe("Settings");
    expect(document.documentElement.lang).toBe("en");
  });

  it("writes dates, numbers and relative times in the interface's language", async () => {
    const day = "2026-11-24T12:00:00Z";
    const now = new Date("2026-11-24T15:00:00Z");
    expect(formatCount(12345)).toBe("12,345");
    expect(formatDate(day)).toBe("Nov 24, 2026");
    expect(shortRelativeTime("2026-11-24T14:15:00Z", now)).toBe("45 min ago");
    await applyLanguage("de");
    expect(formatCount(12345)).toBe("12.345");
    expect(formatDate(day)).toBe("24. Nov. 2026");
    expect(shortRelativeTime("2026-11-24T14:15:00Z", now)).toBe("vor 45 Min.");
    await applyLanguage("fr");
    expect(formatCount(12345)).toBe("12\u202f345");
    expect(formatDate(day)).toBe("24 nov. 2026");
    expect(shortRelativeTime("2026-11-24T12:00:00Z", now)).toBe("il y a 3 h");
  });

  it("prefers the browser's own variant of the chosen language for dates", () => {
    expect(formatLocale("en", ["en-GB", "de"])).toBe("en-GB");
    expect(formatLocale("de", ["en-GB", "de-CH"])).toBe("de-CH");
    expect(formatLocale("fr", ["en-GB"])).toBe("fr");
  });
});
