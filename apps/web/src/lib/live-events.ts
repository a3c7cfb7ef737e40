import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

type DocumentEvent = { documentId: string };

function parse<T>(event: MessageEvent<string>): T | null {
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}

/** What each server event makes stale; only queries on screen refetch, the rest on next use. */
export function applyLiveEvent(client: QueryClient, type: string, data: unknown): void {
  if (type === "notification.created") {
    void client.invalidateQueries({ queryKey: ["/api/notifications"] });
    return;
  }
  const documentId = (data as DocumentEvent | null)?.documentId;
  if (type === "document.changed") {
    void client.invalidateQueries({ queryKey: ["/api/documents"] });
    void client.invalidateQueries({ queryKey: ["/api/categories", "stats"] });
  }
  if (type === "approval.changed") {
    if (documentId) void client.invalidateQueries({ queryKey: ["/api/documents", documentId] });
    void client.invalidateQueries({ queryKey: ["/api/approvals"] });
  }
}

/**
 * Keeps open pages current: the server pushes document, approval and notification changes the
 * user may see (GET /api/events, server-sent events), and the matching queries refetch.
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    const types = ["document.changed", "approval.changed", "notification.created"] as const;
    const listeners = types.map((type) => {
      const listener = (event: MessageEvent<string>) => applyLiveEvent(client, type, parse(event));
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.close();
    };
  }, [client]);
}
