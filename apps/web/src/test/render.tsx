import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppProvider } from "@/app/provider";
import { createQueryClient } from "@/lib/query-client";

/** Renders inside the app's providers with a fresh query client and an in-memory location. */
export function renderWithApp(ui: ReactNode, { path = "/home" }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const client = createQueryClient();
  const result = render(
    <AppProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...result, client, location };
}
