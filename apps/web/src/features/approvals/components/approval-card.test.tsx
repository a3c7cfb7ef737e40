import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { approvalListItem } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { ApprovalCard } from "./approval-card";

const round = approvalListItem({
  reviewers: [{ id: "u3", username: "reviewer", status: "Approved", comment: "Figures checked." }],
  activityLog: [
    {
      action: "Review Approved",
      userId: "u3",
      username: "reviewer",
      timestamp: "2026-11-20T10:00:00.000Z",
      comment: null,
    },
  ],
});

const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

describe("ApprovalCard", () => {
  it("shows reviewers, approver and activity on a desktop", () => {
    window.innerWidth = 1280;
    renderWithApp(<ApprovalCard approval={round} />);
    expect(screen.getByText("Figures checked.")).toBeTruthy();
    expect(screen.getByText("Review Approved")).toBeTruthy();
    expect(screen.queryByTestId("button-details-d1")).toBeNull();
  });

  it("folds them behind one button on a phone, keeping stage and progress in view", () => {
    window.innerWidth = 390;
    renderWithApp(<ApprovalCard approval={round} />);
    expect(screen.getByTestId("text-stage-d1").textContent).toBe("Awaiting Approval");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(screen.queryByText("Figures checked.")).toBeNull();
    const toggle = screen.getByTestId("button-details-d1");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Figures checked.")).toBeTruthy();
    expect(screen.getByText("Review Approved")).toBeTruthy();
  });
});
