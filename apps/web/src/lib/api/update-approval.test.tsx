import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Approval } from "@quire/contracts";
import { createQueryClient } from "@/lib/query-client";
import { aiKeys, approvalKeys, searchKeys } from "@/lib/query-keys";
import { mockFetch } from "@/test/fetch-mock";
import { useUpdateApproval } from "./update-approval";

const approval: Approval = {
  id: "a1",
  documentId: "d1",
  round: 1,
  version: 1,
  stage: "Awaiting Review",
  reviewers: [{ id: "u3", username: "reviewer", status: "Approved", comment: null }],
  approverId: "u4",
  approver: "approver",
  approverStatus: "Pending",
  approverComment: null,
  submittedBy: "u2",
  submittedByUsername: "author",
  activityLog: [],
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-27T10:00:00.000Z",
  abilities: { review: false, decide: false },
};

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
