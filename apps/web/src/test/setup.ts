import { afterEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";

// jsdom has no matchMedia; tests that care about the breakpoint set `window.innerWidth` first.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return {
      matches: max !== undefined && window.innerWidth <= Number(max),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  },
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
