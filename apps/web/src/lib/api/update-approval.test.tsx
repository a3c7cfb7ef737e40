import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { aiKeys, approvalKeys, searchKeys } from "@/lib/query-keys";
import { mockFetch } from "@/test/fetch-mock";
import { approval as fixture } from "@/test/fixtures";
import { useUpdateApproval } from "./update-approval";

const approval = fixture({ stage: "Awaiting Review" });

describe("useUpdateApproval", () => {
  it("marks the Dashboard's AI suggestions stale with the approvals, since a review can settle one", async () => {
    mockFetch({ "PATCH /api/documents/d1/approval": { body: approval } });
    const client = createQueryClient();
    client.setQueryData(aiKeys.suggestions, []);
    client.setQueryData(approvalKeys.all, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUpdateApproval("d1"), { wrapper });
    await act(() =>
      result.current.mutateAsync({ status: "Approved", comment: "", kind: "review", round: 1 }),
    );
    expect(client.getQueryState(approvalKeys.all)?.isInvalidated).toBe(true);
    expect(client.getQueryState(aiKeys.suggestions)?.isInvalidated).toBe(true);
  });

  it("marks submitted searches stale, so Back to the results shows the new status", async () => {
    mockFetch({ "PATCH /api/documents/d1/approval": { body: { ...approval, stage: "Approved" } } });
    const client = createQueryClient();
    const results = searchKeys.results({ q: "remote work policy" });
    client.setQueryData(results, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUpdateApproval("d1"), { wrapper });
    await act(() =>
      result.current.mutateAsync({ status: "Approved", comment: "", kind: "decide", round: 1 }),
    );
    expect(client.getQueryState(results)?.isInvalidated).toBe(true);
  });
});
