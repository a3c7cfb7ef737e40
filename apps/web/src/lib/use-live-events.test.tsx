import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useLiveEvents } from "./use-live-events";

/** Stands in for the browser's EventSource: a test delivers messages to its listeners itself. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  deliver(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function renderLiveEvents() {
  const client = new QueryClient();
  client.setQueryData(["/api/documents"], { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useLiveEvents(), { wrapper }) };
}

describe("useLiveEvents", () => {
  it("opens the event stream once its parser has loaded and refetches what an event makes stale", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
    const { client, unmount } = renderLiveEvents();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe("/api/events");
    expect(source.init?.withCredentials).toBe(true);

    source.deliver("document.changed", { documentId: "d1" });
    expect(client.getQueryState(["/api/documents"])?.isInvalidated).toBe(true);

    unmount();
    expect(source.closed).toBe(true);
  });

  it("ignores a message that does not match the live-event contract", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
    const { client } = renderLiveEvents();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.opened[0]!.deliver("document.changed", { documentId: 42 });
    expect(client.getQueryState(["/api/documents"])?.isInvalidated).toBe(false);
  });

  it("opens no stream for a page that closed before the parser arrived", async () => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
    const { unmount } = renderLiveEvents();
    unmount();
    await import("./live-events");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
