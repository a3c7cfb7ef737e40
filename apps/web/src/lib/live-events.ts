import type { QueryClient } from "@tanstack/react-query";
import type { LiveEvent } from "@quire/contracts";
// The shell entry: the stream opens on every page, and must not wait for every schema of the API.
import { liveEventSchema, liveEventTypes } from "@quire/contracts/shell";
import {
  aiKeys,
  approvalKeys,
  categoryKeys,
  documentKeys,
  notificationKeys,
  searchKeys,
  sessionKeys,
  settingsKeys,
} from "./query-keys";

/** The event names the server sends: lib/use-live-events.ts listens to each. */
export { liveEventTypes };

/** An SSE message checked against the contracts' live-event schema; anything else is ignored. */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  try {
    const parsed = liveEventSchema.safeParse({ ...(JSON.parse(data) as object), type });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What each server event makes stale; only queries on screen refetch, the rest on next use. The
 * AI suggestions are read from documents and review rounds (stuck reviews, misfiled documents,
 * near-duplicates), so either change can add or settle one.
 */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  // While the session is being swapped for another user's, a refetch would carry the old cookie
  // the swap ends (401); everything is read again once the swap lands.
  if (client.isMutating({ mutationKey: sessionKeys.switchUser }) > 0) return;
  switch (event.type) {
    case "notification.created":
      void client.invalidateQueries({ queryKey: notificationKeys.all });
      return;
    case "document.changed":
      void client.invalidateQueries({ queryKey: documentKeys.all });
      void client.invalidateQueries({ queryKey: categoryKeys.stats() });
      void client.invalidateQueries({ queryKey: aiKeys.suggestions });
      // An item's processing (Settings › Ingestion) is its document's.
      void client.invalidateQueries({ queryKey: settingsKeys.ingestion });
      return;
    case "access.changed":
      // Whole lists, counts, categories and answers can change: read again what is on screen.
      for (const queryKey of [
        documentKeys.all,
        categoryKeys.all,
        approvalKeys.all,
        searchKeys.all,
        notificationKeys.all,
        aiKeys.suggestions,
      ])
        void client.invalidateQueries({ queryKey });
      return;
    case "ingestion.changed":
      void client.invalidateQueries({ queryKey: settingsKeys.ingestion });
      return;
    case "approval.changed":
      void client.invalidateQueries({ queryKey: documentKeys.detail(event.documentId) });
      void client.invalidateQueries({ queryKey: approvalKeys.all });
      void client.invalidateQueries({ queryKey: aiKeys.suggestions });
      return;
  }
}
