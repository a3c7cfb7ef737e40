import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * Keeps open pages current: the server pushes document, approval and notification changes the
 * user may see (GET /api/events, server-sent events), and the matching queries refetch. The
 * events' parser (lib/live-events.ts, with the contracts' schemas) loads apart from the first
 * page's code; the stream opens once it is there.
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let closed = false;
    let close = () => {};
    void import("./live-events").then(
      ({ applyLiveEvent, liveEventTypes, parseLiveEvent }) => {
        if (closed) return;
        const source = new EventSource("/api/events", { withCredentials: true });
        const listeners = liveEventTypes.map((type) => {
          const listener = (message: MessageEvent<string>) => {
            const event = parseLiveEvent(type, message.data);
            if (event) applyLiveEvent(client, event);
          };
          source.addEventListener(type, listener);
          return [type, listener] as const;
        });
        close = () => {
          for (const [type, listener] of listeners) source.removeEventListener(type, listener);
          source.close();
        };
      },
      // The parser could not load (the connection dropped): pages still refetch on focus and use.
      () => undefined,
    );
    return () => {
      closed = true;
      close();
    };
  }, [client]);
}
