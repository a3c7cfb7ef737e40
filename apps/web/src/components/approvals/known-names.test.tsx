import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage, i18n } from "@/lib/i18n";
import { useKnownName } from "./known-names";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("useKnownName", () => {
  it("names the default flow's stages in German, and keeps a stage an Admin named as it is", async () => {
    await applyLanguage("de");
    const { result } = renderHook(() => useKnownName("templateStage"));
    expect(result.current("Review")).toBe("Prüfung");
    expect(result.current("Approval")).toBe("Freigabe");
    expect(result.current("Legal sign-off")).toBe("Legal sign-off");
  });

  it("says them as the server does in English", () => {
    const { result } = renderHook(() => useKnownName("templateStage"));
    expect(result.current("Review")).toBe("Review");
  });
});
