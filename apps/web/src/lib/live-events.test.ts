import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { applyLiveEvent, parseLiveEvent } from "./live-events";

function clientWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}
const stale = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe("live events", () => {
  it("are not applied while the session is being swapped for another user's", async () => {
    const client = clientWith([["/api/documents"]]);
    let land = () => {};
    const landed = new Promise<void>((resolve) => (land = resolve));
    const swap = new MutationObserver(client, {
      mutationKey: ["/api/auth", "switch-user"],
      mutationFn: () => landed,
    }).mutate();
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    applyLiveEvent(client, { type: "document.changed", documentId: "d1" });
    expect(stale(client, ["/api/documents"])).toBe(false);
    land();
    await swap;
    applyLiveEvent(client, { type: "document.changed", documentId: "d1" });
    expect(stale(client, ["/api/documents"])).toBe(true);
  });

  it("marks documents, category counts and the AI suggestions stale when a document changes", () => {
    const client = clientWith([
      ["/api/documents"],
      ["/api/documents", "d1"],
      ["/api/categories", "stats"],
      ["/api/notifications"],
      ["/api/ai/suggestions"],
    ]);
    applyLiveEvent(client, { type: "document.changed", documentId: "d1" });
    expect(stale(client, ["/api/documents"])).toBe(true);
    expect(stale(client, ["/api/documents", "d1"])).toBe(true);
    expect(stale(client, ["/api/categories", "stats"])).toBe(true);
    expect(stale(client, ["/api/ai/suggestions"])).toBe(true);
    expect(stale(client, ["/api/notifications"])).toBe(false);
  });

  it("marks every list, count, category, search and approval stale when access changes", () => {
    const onScreen = [
      ["/api/documents", "list", {}],
      ["/api/documents", "d1"],
      ["/api/categories"],
      ["/api/categories", "stats"],
      ["/api/approvals"],
      ["/api/search", "results", { q: "policy" }],
      ["/api/ai/suggestions"],
    ];
    const client = clientWith([...onScreen, ["/api/auth/user"]]);
    applyLiveEvent(client, { type: "access.changed" });
    for (const key of onScreen) expect(stale(client, key), JSON.stringify(key)).toBe(true);
    expect(stale(client, ["/api/auth/user"])).toBe(false);
  });

  it("marks only that document's data, the approvals and the AI suggestions stale when its approval changes", () => {
    const client = clientWith([
      ["/api/documents", "d1", "approval"],
      ["/api/documents", "d2"],
      ["/api/approvals"],
      ["/api/ai/suggestions"],
    ]);
    applyLiveEvent(client, { type: "approval.changed", documentId: "d1" });
    expect(stale(client, ["/api/documents", "d1", "approval"])).toBe(true);
    expect(stale(client, ["/api/approvals"])).toBe(true);
    // "Stuck in review" suggestions end when the round moves on (Dashboard showed 6 open, 5 after reload).
    expect(stale(client, ["/api/ai/suggestions"])).toBe(true);
    expect(stale(client, ["/api/documents", "d2"])).toBe(false);
  });

  it("refreshes notifications when one arrives", () => {
    const client = clientWith([["/api/notifications"], ["/api/notifications", "unread-count"]]);
    applyLiveEvent(client, { type: "notification.created", userIds: ["u1"] });
    expect(stale(client, ["/api/notifications", "unread-count"])).toBe(true);
  });

  it("reads an event only when it matches the contracts' live-event schema", () => {
    expect(parseLiveEvent("document.changed", '{"type":"document.changed","documentId":"d1"}')).toEqual({
      type: "document.changed",
      documentId: "d1",
    });
    expect(parseLiveEvent("approval.changed", '{"documentId":42}')).toBeNull();
    expect(parseLiveEvent("notification.created", "not json")).toBeNull();
    expect(parseLiveEvent("sessions.ended", '{"sessionHashes":["x"]}')).toBeNull();
  });
});
