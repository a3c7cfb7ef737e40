import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { DecisionForm } from "./decision-form";

const refusal =
  "You chose on round 1, but round 2 (version 2) has started since; read version 2 and choose again";

describe("DecisionForm", () => {
  it("sends the round it shows and keeps the server's reason in view when it is refused", async () => {
    const spy = mockFetch({
      "PATCH /api/documents/d1/approval": { status: 409, body: { message: refusal } },
    });
    renderWithApp(<DecisionForm documentId="d1" round={1} kind="review" />);
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    const sent = spy.mock.calls.find(([url]) => url === "/api/documents/d1/approval")?.[1];
    expect(JSON.parse(sent?.body ?? "{}")).toEqual({ status: "Approved", round: 1 });
    expect(await screen.findByText("Update failed")).toBeTruthy();
  });
});
