import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { removeAllToasts } from "@/hooks/use-toast";
import { i18n, initI18n } from "@/lib/i18n";
import { loadContracts } from "@/lib/lazy-schema";
import { server } from "./fetch-mock";

// How long findBy and waitFor wait for the screen to change: a limit for a loaded machine, not a
// performance bound (a page that reads the server twice took over a second with other suites running).
configure({ asyncUtilTimeout: 10_000 });

// The interface in English, as a browser without another choice shows it; a test that switches
// language is set back after it (files share one jsdom and its modules).
initI18n();

// msw answers the app's requests at the network layer; each test adds its own answers.
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

// The app imports the contracts beside its first request (lib/lazy-schema.ts). Imported here, once
// per worker, so a file's first test does not spend its findBy limit on compiling them (over 10 s
// on a loaded machine).
beforeAll(async () => {
  await loadContracts();
}, 60_000);

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
  removeAllToasts();
  server.resetHandlers();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterEach(async () => {
  if (i18n.language !== "en") await i18n.changeLanguage("en");
});
