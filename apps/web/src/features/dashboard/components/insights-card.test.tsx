import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { InsightsCard } from "./insights-card";

const insights = {
  total: 12,
  drafts: 3,
  processingFailed: 1,
  approvalRate: 67,
  byCategory: [
    { name: "Legal", count: 7 },
    { name: "Finance", count: 5 },
  ],
  byStatus: [
    { name: "Approved", count: 9 },
    { name: "Draft", count: 3 },
  ],
};

describe("AI Insights", () => {
  it("shows the figures the server computed", async () => {
    mockFetch({
      "GET /api/dashboard/insights": { body: insights },
      "GET /api/ai/suggestions": { body: [] },
    });
    renderWithApp(<InsightsCard />, { path: "/dashboard" });
    expect((await screen.findByTestId("insight-approval-rate")).textContent).toBe("67%");
    expect(screen.getByTestId("insight-drafts").textContent).toBe("3");
    expect(screen.getByTestId("insight-failed").textContent).toBe("1");
    expect((await screen.findByTestId("insight-suggestions")).textContent).toBe("0");
  });

  it("says so, instead of showing nothing, when the answer does not match its contract", async () => {
    mockFetch({
      "GET /api/dashboard/insights": { body: { ...insights, drafts: "three" } },
      "GET /api/ai/suggestions": { body: [] },
    });
    renderWithApp(<InsightsCard />, { path: "/dashboard" });
    // In words a person can act on, in their language (the error object keeps the URL and field).
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The server's answer could not be read. Reload the page and try again.",
    );
  });
});
