import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { approvalListItem, sessionUser, settings } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { ApprovalsPage } from "./approvals-page";

/** 23 rounds, newest first as the server lists them; every third one is approved. */
const rounds = Array.from({ length: 23 }, (_, i) =>
  approvalListItem({
    id: `a${i + 1}`,
    documentId: `d${i + 1}`,
    documentTitle: `Policy ${i + 1}`,
    ...(i % 3 === 0
      ? { stage: "Approved" as const, approverStatus: "Approved" as const, status: "Approved" as const }
      : {}),
  }),
);
const approved = rounds.filter((r) => r.stage === "Approved").length;

function archiveOf23() {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "u5", username: "viewer", role: "Viewer" }) },
    "GET /api/settings": { body: settings() },
    "GET /api/approvals": { body: rounds },
    "GET /api/approvals/stats": { body: { total: 23, pending: 23 - approved, approved, waitingOnYou: 0 } },
  });
}

const cardIds = () =>
  screen.getAllByTestId(/^approval-card-/).map((card) => card.getAttribute("data-testid")!.slice(14));

describe("ApprovalsPage paging", () => {
  it("shows ten cards a page with the documents list's paging, and moves between pages", async () => {
    archiveOf23();
    const { location } = renderWithApp(<ApprovalsPage />, { path: "/approvals" });
    await screen.findByTestId("approval-card-d1");
    expect(cardIds()).toEqual(rounds.slice(0, 10).map((r) => r.documentId));
    expect(screen.getByTestId("text-approvals-count").textContent).toBe("Showing 1–10 of 23 documents");
    const pager = screen.getByTestId("pagination");
    expect(within(pager).getByText("Page 1 of 3")).toBeTruthy();

    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    await screen.findByTestId("approval-card-d11");
    expect(cardIds()).toEqual(rounds.slice(10, 20).map((r) => r.documentId));
    expect(location.history.at(-1)).toBe("/approvals?page=2");
    expect(screen.getByTestId("text-approvals-count").textContent).toBe("Showing 11–20 of 23 documents");
  });

  it("shows the last page for a page past the end", async () => {
    archiveOf23();
    renderWithApp(<ApprovalsPage />, { path: "/approvals?page=9" });
    await screen.findByTestId("approval-card-d21");
    expect(cardIds()).toEqual(["d21", "d22", "d23"]);
    expect(within(screen.getByTestId("pagination")).getByText("Page 3 of 3")).toBeTruthy();
  });

  it("counts what a filter holds, and a filter starts at its first page", async () => {
    archiveOf23();
    const { location } = renderWithApp(<ApprovalsPage />, { path: "/approvals?page=2" });
    await screen.findByTestId("approval-card-d11");
    fireEvent.click(screen.getByTestId("filter-approved"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/approvals?filter=approved"));
    expect(screen.getByTestId("text-approvals-count").textContent).toBe(`${approved} documents`);
    expect(screen.queryByTestId("pagination")).toBeNull();
    expect(screen.getByTestId("filter-approved").getAttribute("aria-pressed")).toBe("true");
  });
});

describe("ApprovalsPage when its figures fail", () => {
  it("shows a dash, not 0, in every stat card beside the error", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u3", username: "reviewer", role: "Reviewer" }) },
      "GET /api/settings": { body: settings() },
      "GET /api/approvals": { body: rounds },
      "GET /api/approvals/stats": { status: 500, body: { message: "Database unavailable" } },
    });
    renderWithApp(<ApprovalsPage />, { path: "/approvals" });
    await screen.findByText(/Database unavailable/);
    for (const id of [
      "stat-approvals-total",
      "stat-approvals-pending",
      "stat-approvals-approved",
      "stat-approval-rate",
      "stat-approvals-waiting",
    ])
      expect(screen.getByTestId(id).textContent).toBe("—");
  });
});

describe("ApprovalsPage's first view", () => {
  /** Two rounds wait on the reviewer; the rest are others'. */
  function reviewerWithWork() {
    const mine = rounds.map((round, i) =>
      i === 4 || i === 7 ? { ...round, abilities: { review: true, decide: false } } : round,
    );
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u3", username: "reviewer", role: "Reviewer" }) },
      "GET /api/settings": { body: settings() },
      "GET /api/approvals": { body: mine },
      "GET /api/approvals/stats": { body: { total: 23, pending: 23 - approved, approved, waitingOnYou: 2 } },
    });
  }

  it("opens on Waiting on Me when something waits on the user", async () => {
    reviewerWithWork();
    renderWithApp(<ApprovalsPage />, { path: "/approvals" });
    await screen.findByTestId("approval-card-d5");
    expect(cardIds()).toEqual(["d5", "d8"]);
    expect(screen.getByTestId("filter-waiting-on-me").getAttribute("aria-pressed")).toBe("true");
  });

  it("keeps All Documents when the URL asks for it, and writes it there when chosen", async () => {
    reviewerWithWork();
    const { location } = renderWithApp(<ApprovalsPage />, { path: "/approvals" });
    await screen.findByTestId("approval-card-d5");
    fireEvent.click(screen.getByTestId("filter-all"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/approvals?filter=all"));
    expect(cardIds()).toHaveLength(10);
  });

  it("opens on All Documents when nothing waits on the user", async () => {
    archiveOf23();
    renderWithApp(<ApprovalsPage />, { path: "/approvals" });
    await screen.findByTestId("approval-card-d1");
    expect(screen.getByTestId("filter-all").getAttribute("aria-pressed")).toBe("true");
  });

  it("on a phone folds every figure but Waiting on You behind a button", async () => {
    archiveOf23();
    renderWithApp(<ApprovalsPage />, { path: "/approvals" });
    const toggle = await screen.findByTestId("button-approval-figures");
    const totalCard = () => screen.getByTestId("stat-approvals-total").closest(".hidden");
    await waitFor(() => expect(screen.getByTestId("stat-approvals-total").textContent).toBe("23"));
    expect(totalCard()).not.toBeNull();
    expect(screen.getByTestId("stat-approvals-waiting").closest(".hidden")).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(totalCard()).toBeNull();
  });
});
