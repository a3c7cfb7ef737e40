import type { ReactNode } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProvider } from "@/app/provider";
import { createQueryClient } from "@/lib/query-client";

/** Renders inside the app's providers with a fresh query client (or `client`) and an in-memory location. */
export function renderWithApp(
  ui: ReactNode,
  { path = "/home", client = createQueryClient() }: { path?: string; client?: QueryClient } = {},
) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AppProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...result, client, location };
}
