import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { initTheme, readStoredTheme, useTheme } from "./theme";

describe("theme", () => {
  it("is dark by default", () => {
    expect(readStoredTheme()).toBe("dark");
    initTheme();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });

  it("toggles, stores the choice under 'theme' and swaps the class on <html>", () => {
    initTheme();
    const { result } = renderHook(() => useTheme());
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe("light");
    expect(localStorage.getItem("theme")).toBe("light");
    expect(document.documentElement.classList.contains("light")).toBe(true);
    act(() => result.current.toggleTheme());
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(document.documentElement.classList.contains("light")).toBe(false);
  });

  it("applies a stored light theme on start", () => {
    localStorage.setItem("theme", "light");
    initTheme();
    expect(document.documentElement.classList.contains("light")).toBe(true);
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });
});
