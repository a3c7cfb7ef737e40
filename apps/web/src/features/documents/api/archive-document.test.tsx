import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { aiKeys, approvalKeys, documentKeys } from "@/lib/query-keys";
import { document } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { useArchiveDocument } from "./archive-document";

describe("useArchiveDocument", () => {
  it("marks the approvals and the Dashboard's AI suggestions stale besides the document lists", async () => {
    const archived = document({ id: "d1", archived: true });
    mockFetch({ "POST /api/documents/d1/archive": { body: archived } });
    const client = createQueryClient();
    for (const key of [documentKeys.all, approvalKeys.all, approvalKeys.stats(), aiKeys.suggestions]) {
      client.setQueryData(key, []);
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useArchiveDocument(), { wrapper });
    await act(() => result.current.mutateAsync("d1"));
    expect(client.getQueryState(documentKeys.all)?.isInvalidated).toBe(true);
    // The demo's "Merge 'Remote Working Policy' into 'Remote Work Policy'" suggestion stayed on the
    // Dashboard after the older copy was archived, until a reload.
    expect(client.getQueryState(aiKeys.suggestions)?.isInvalidated).toBe(true);
    expect(client.getQueryState(approvalKeys.stats())?.isInvalidated).toBe(true);
  });
});
