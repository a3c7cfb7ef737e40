import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { documentKeys } from "@/lib/query-keys";
import { renderWithApp } from "@/test/render";
import { document, documentControl } from "@/test/fixtures";
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

  it("compares the version under review with the effective one, with the AI change analysis", async () => {
    mockFetch({
      "GET /api/documents/d1": {
        body: document({
          currentVersionNumber: 3,
          versionCount: 3,
          control: documentControl({ effectiveVersion: 1 }),
        }),
      },
      "GET /api/documents/d1/diff/1/3/analysis": {
        body: {
          from: 1,
          to: 3,
          keyChanges: ["Retention period changed from 7 days to 30 days"],
          keyChangeItems: [],
          clauseChanges: [],
          impact: "Client files are kept longer.",
          riskLevel: "Medium",
          figures: [],
          obligationsAdded: [],
          obligationsRemoved: [],
          obligationsChanged: [],
          stats: { added: 2, removed: 1, unchanged: 10 },
          sections: [],
        },
      },
    });
    renderWithApp(<DecisionForm documentId="d1" round={2} kind="review" version={3} />);
    const link = await screen.findByTestId("link-changes-since-effective");
    expect(link.getAttribute("href")).toBe("/document/d1/diff/1/3");
    expect(await screen.findByText("Retention period changed from 7 days to 30 days")).toBeTruthy();
    expect(screen.getByTestId("analysis-since-effective").textContent).toContain("risk Medium");
  });

  it("asks an account that signs in through single sign-on to sign in again, then lets it sign", async () => {
    const signing = { requiresPassword: true, confirmWith: "single sign-on", confirmedUntil: null };
    mockFetch({ "GET /api/documents/d1/signing": { body: signing } });
    const { unmount, client } = renderWithApp(<DecisionForm documentId="d1" round={1} kind="review" />);
    // The form knows the signing rule before the choice (a click before it loads is refused by the API).
    await waitFor(() => expect(client.getQueryData(documentKeys.signing("d1"))).toBeDefined());
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    const start = await screen.findByTestId("button-confirm-sso");
    const href = new URL(start.getAttribute("href") ?? "", "http://quire.test");
    expect(href.pathname).toBe("/api/auth/oidc/start");
    expect(href.searchParams.get("purpose")).toBe("sign");
    expect(href.searchParams.get("next")).toBe(window.location.pathname + window.location.search);
    expect(screen.queryByTestId("input-decision-password")).toBeNull();
    unmount();

    const until = new Date(Date.now() + 4 * 60_000).toISOString();
    const again = mockFetch({
      "GET /api/documents/d1/signing": { body: { ...signing, confirmedUntil: until } },
    });
    renderWithApp(<DecisionForm documentId="d1" round={1} kind="review" />);
    await waitFor(() => expect(again).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByTestId("text-sso-confirmed")).toBeTruthy();
    expect(screen.queryByTestId("button-confirm-sso")).toBeNull();
  });
});
