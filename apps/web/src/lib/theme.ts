import { useSyncExternalStore } from "react";

export type Theme = "dark" | "light";
const storageKey = "theme";
const listeners = new Set<() => void>();

/** Stored choice, dark by default (seed §9); unreadable storage (privacy modes) also means dark. */
export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(storageKey) === "light" ? "light" : "dark";
  } catch {
    return "dark";
  }
}

let current: Theme = typeof window === "undefined" ? "dark" : readStoredTheme();

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove(theme === "dark" ? "light" : "dark");
  root.classList.add(theme);
}

/**
 * Swaps the theme with colour transitions off for a moment: otherwise every button fades at its
 * own pace and the page briefly shows mixed, low-contrast colours.
 */
function switchWithoutTransitions(theme: Theme): void {
  const root = document.documentElement;
  root.classList.add("theme-switching");
  applyTheme(theme);
  void getComputedStyle(root).color; // Apply the new colours while transitions are still off.
  requestAnimationFrame(() => root.classList.remove("theme-switching"));
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // Storage refused: the theme still applies for this visit.
  }
  switchWithoutTransitions(theme);
  listeners.forEach((listener) => listener());
}

/** Re-reads storage; the entry module calls it before React renders so the first paint is right. */
export function initTheme(): void {
  current = readStoredTheme();
  applyTheme(current);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return { theme, setTheme, toggleTheme: () => setTheme(theme === "dark" ? "light" : "dark") };
}
