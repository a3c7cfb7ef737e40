import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Approval } from "@quire/contracts";
import { approval, settings } from "@/test/fixtures";
import { mockFetch, type SentRequest } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { ApprovalsTab } from "./approvals-tab";

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

const pending = { id: "u3", username: "reviewer", status: "Pending" as const, comment: null };

/** Round 1 waiting on the reviewer, who is the signed-in user. */
const openForReview = approval({
  stage: "Awaiting Review",
  reviewers: [pending],
  abilities: { review: true, decide: false },
  progress: 0,
});

/** Round 1 waiting on the approver, who is the signed-in user. */
const openForDecision = approval({ abilities: { review: false, decide: true } });

/**
 * The document's round as the server holds it: GET answers the current round, PATCH answers with
 * what `decide` makes of it (or the refusal it returns) and the next GET answers that too.
 */
function serverWithRound(
  first: Approval | null,
  decide: (sent: SentRequest) => Approval | Error = () => first!,
) {
  let round = first;
  const patches: unknown[] = [];
  const spy = mockFetch({
    "GET /api/settings": { body: settings() },
    "GET /api/documents/d1/approval": () =>
      round === null ? { status: 404, body: { message: "No approval round" } } : { body: round },
    "PATCH /api/documents/d1/approval": (sent) => {
      patches.push(JSON.parse(sent?.body ?? "null"));
      const next = decide(sent!);
      if (next instanceof Error) return { status: 409, body: { message: next.message } };
      round = next;
      return { body: next };
    },
  });
  return { spy, patches };
}

function renderTab({ canSubmit = false, onSubmitForReview = () => {} } = {}) {
  return renderWithApp(
    <ApprovalsTab documentId="d1" canSubmit={canSubmit} onSubmitForReview={onSubmitForReview} />,
    { path: "/document/d1" },
  );
}

/** What the three stage pills say: "done", "current" or "not reached". */
function pills(): string[] {
  return [0, 1, 2].map((i) => {
    const pill = screen.getByTestId(`stage-pill-${i}`);
    if (pill.getAttribute("aria-current") === "step") return "current";
    return pill.getAttribute("data-reached") === "true" ? "done" : "not reached";
  });
}

const stage = () => screen.getByTestId("text-approval-stage").textContent;

describe("Approvals tab: a reviewer's decision", () => {
  it("sends the approval with its comment and then shows the stage the server answered with", async () => {
    const { patches } = serverWithRound(openForReview, () =>
      approval({
        stage: "Awaiting Approval",
        reviewers: [{ ...pending, status: "Approved", comment: "Figures checked" }],
        abilities: { review: false, decide: false },
      }),
    );
    renderTab();
    const form = await screen.findByTestId("form-review");
    expect(stage()).toBe("Awaiting Review");
    expect(pills()).toEqual(["done", "current", "not reached"]);

    fireEvent.change(within(form).getByLabelText("Comment"), { target: { value: "Figures checked" } });
    fireEvent.click(within(form).getByRole("button", { name: "Approve" }));

    expect(await screen.findByText("Approval updated")).toBeTruthy();
    expect(patches).toEqual([{ status: "Approved", comment: "Figures checked", round: 1 }]);
    await waitFor(() => expect(stage()).toBe("Awaiting Approval"));
    expect(pills()).toEqual(["done", "done", "current"]);
    expect(screen.getByText("Figures checked")).toBeTruthy();
    // The server says this person has nothing left to do on the round: the form goes.
    expect(screen.queryByTestId("form-review")).toBeNull();
  });

  it("asks for a reason before requesting changes, and sends nothing without one", async () => {
    const { patches } = serverWithRound(openForReview, () =>
      approval({
        stage: "Changes Requested",
        reviewers: [{ ...pending, status: "Changes Requested", comment: "Section 3 cites the old act" }],
        abilities: { review: false, decide: false },
      }),
    );
    renderTab();
    const form = await screen.findByTestId("form-review");
    fireEvent.click(within(form).getByRole("button", { name: "Request Changes" }));

    const dialog = await screen.findByTestId("dialog-decision");
    expect(within(dialog).getByText("Request changes?")).toBeTruthy();
    const reason = within(dialog).getByLabelText("Reason (required)");
    const confirm = within(dialog).getByTestId("button-confirm-decision") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: "   " } });
    expect(confirm.disabled).toBe(true);
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    fireEvent.submit(confirm.closest("form")!);
    expect(patches).toEqual([]);

    fireEvent.change(reason, { target: { value: "Section 3 cites the old act" } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() => expect(screen.queryByTestId("dialog-decision")).toBeNull());
    expect(patches).toEqual([
      { status: "Changes Requested", comment: "Section 3 cites the old act", round: 1 },
    ]);
    await waitFor(() => expect(stage()).toBe("Changes Requested"));
    // Sent back during review: the round never reached the approver.
    expect(pills()).toEqual(["done", "done", "not reached"]);
    expect(screen.getByTestId("stage-pill-2").textContent).toContain("(not reached)");
  });

  it("leaves the round as it was when the dialog is cancelled", async () => {
    const { patches } = serverWithRound(openForReview);
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Request Changes" }));
    const dialog = await screen.findByTestId("dialog-decision");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByTestId("dialog-decision")).toBeNull());
    expect(patches).toEqual([]);
    expect(stage()).toBe("Awaiting Review");
    expect(screen.getByTestId("form-review")).toBeTruthy();
  });
});

describe("Approvals tab: the approver's final decision", () => {
  it("offers Approve and Reject only, and carries the comment written into the reason", async () => {
    serverWithRound(openForDecision);
    renderTab();
    const form = await screen.findByTestId("form-decide");
    expect(within(form).getByText("Final Decision")).toBeTruthy();
    expect(
      within(form)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Approve", "Reject"]);
    fireEvent.change(within(form).getByLabelText("Comment"), { target: { value: "Out of date" } });
    fireEvent.click(within(form).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByTestId("dialog-decision");
    expect(within(dialog).getByText("Reject this document?")).toBeTruthy();
    expect((within(dialog).getByLabelText("Reason (required)") as HTMLTextAreaElement).value).toBe(
      "Out of date",
    );
  });

  it("keeps the dialog and the reason open with the server's refusal, and succeeds on a retry", async () => {
    const refusal = "Round 1 has ended: version 2 was uploaded. Read version 2 and decide again";
    let refuse = true;
    const { patches } = serverWithRound(openForDecision, () =>
      refuse
        ? new Error(refusal)
        : approval({
            stage: "Rejected",
            approverStatus: "Rejected",
            approverComment: "Out of date",
            status: "Rejected",
          }),
    );
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await screen.findByTestId("dialog-decision");
    fireEvent.change(within(dialog).getByLabelText("Reason (required)"), {
      target: { value: "Out of date" },
    });
    fireEvent.click(within(dialog).getByTestId("button-confirm-decision"));

    expect((await within(dialog).findByRole("alert")).textContent).toBe(refusal);
    expect((within(dialog).getByLabelText("Reason (required)") as HTMLTextAreaElement).value).toBe(
      "Out of date",
    );
    expect(patches).toEqual([{ approverStatus: "Rejected", approverComment: "Out of date", round: 1 }]);

    refuse = false;
    fireEvent.click(within(dialog).getByTestId("button-confirm-decision"));
    await waitFor(() => expect(screen.queryByTestId("dialog-decision")).toBeNull());
    await waitFor(() => expect(stage()).toBe("Rejected"));
    expect(pills()).toEqual(["done", "done", "done"]);
    const approver = screen.getByRole("region", { name: "Approver" });
    expect(within(approver).getByText("Rejected")).toBeTruthy();
    expect(within(approver).getByText("Out of date")).toBeTruthy();
  });

  it("approves without a reason, straight from the form", async () => {
    const { patches } = serverWithRound(openForDecision, () =>
      approval({ stage: "Approved", approverStatus: "Approved", status: "Approved" }),
    );
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Approval updated")).toBeTruthy();
    expect(screen.queryByTestId("dialog-decision")).toBeNull();
    expect(patches).toEqual([{ approverStatus: "Approved", round: 1 }]);
    await waitFor(() => expect(stage()).toBe("Approved"));
  });
});

describe("Approvals tab: what the round shows", () => {
  it("says why a withdrawn round ended, and lists the last three activity entries newest first", async () => {
    const entry = (action: string, comment: string | null, day: number) => ({
      action,
      userId: "u2",
      username: "author",
      timestamp: `2026-11-2${day}T10:00:00.000Z`,
      comment,
    });
    serverWithRound(
      approval({
        stage: "Withdrawn",
        reviewers: [{ ...pending, status: "Approved", comment: null }],
        activityLog: [
          entry("Submitted for review", null, 0),
          entry("Review Approved", null, 1),
          entry("Resubmitted for review", null, 2),
          entry("Withdrawn", "reviewer lost access to the category", 3),
        ],
      }),
    );
    renderTab();
    const note = await screen.findByTestId("text-round-withdrawn");
    expect(note.textContent).toContain("ended without a decision: reviewer lost access to the category");
    // Every reviewer had approved before it was withdrawn: the round had reached the approver.
    expect(pills()).toEqual(["done", "done", "done"]);
    const activity = within(screen.getByRole("region", { name: "Recent Activity" }));
    expect(activity.getAllByRole("listitem").map((li) => li.textContent?.split(" by ")[0])).toEqual([
      "Withdrawn",
      "Resubmitted for review",
      "Review Approved",
    ]);
    expect(screen.queryByTestId("form-review")).toBeNull();
  });

  it("offers to submit a document that was never reviewed, to those who may", async () => {
    serverWithRound(null);
    const onSubmitForReview = vi.fn();
    renderTab({ canSubmit: true, onSubmitForReview });
    expect((await screen.findByTestId("text-no-approval")).textContent).toContain("No Approval Workflow");
    fireEvent.click(screen.getByTestId("button-approvals-submit-review"));
    expect(onSubmitForReview).toHaveBeenCalledTimes(1);
  });

  it("offers no submission to those who may not submit", async () => {
    serverWithRound(null);
    renderTab({ canSubmit: false });
    await screen.findByTestId("text-no-approval");
    expect(screen.queryByTestId("button-approvals-submit-review")).toBeNull();
  });

  it("says so when the round cannot be read", async () => {
    mockFetch({
      "GET /api/settings": { body: settings() },
      "GET /api/documents/d1/approval": { status: 500, body: { message: "Database unavailable" } },
    });
    renderTab();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The approval workflow could not be loaded. Please try again.",
    );
  });

  it("shows the round but no decision form while workflows are turned off", async () => {
    mockFetch({
      "GET /api/settings": { body: settings({ approvalWorkflows: false }) },
      "GET /api/documents/d1/approval": { body: openForReview },
    });
    renderTab();
    expect(await screen.findByTestId("text-approvals-off")).toBeTruthy();
    expect(stage()).toBe("Awaiting Review");
    expect(screen.queryByTestId("form-review")).toBeNull();
  });
});
