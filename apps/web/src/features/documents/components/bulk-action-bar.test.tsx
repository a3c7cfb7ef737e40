import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "wouter";
import { beforeAll, describe, expect, it } from "vitest";
import type { BulkResult, Role } from "@quire/contracts";
import { category, document, sessionUser, settings } from "@/test/fixtures";
import { mockFetch, type SentRequest } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { DocumentsPage } from "../documents-page";

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // Radix Checkbox measures itself; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const page = [
  document({ id: "d1", title: "Supplier policy" }),
  document({ id: "d2", title: "Travel policy" }),
  document({ id: "d3", title: "Expense policy" }),
];

const archiveResult: BulkResult = {
  action: "archive",
  total: 45,
  done: 43,
  unchanged: 0,
  refused: 2,
  results: [
    ...Array.from({ length: 43 }, (_, i) => ({ id: `ok${i}`, title: `Done ${i}`, outcome: "done" as const })),
    {
      id: "d2",
      title: "Travel policy",
      outcome: "refused",
      status: 403,
      reason: "You may not archive this document: it belongs to someone else",
    },
    { id: "hidden", title: null, outcome: "refused", status: 404, reason: "Document not found" },
  ],
};

function renderPage(role: Role = "Author") {
  const sent: SentRequest[] = [];
  const spy = mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "2", username: role.toLowerCase(), role }) },
    "GET /api/settings": { body: settings() },
    "GET /api/categories": { body: [category()] },
    "GET /api/documents": { body: page, headers: { "x-total-count": "45" } },
    "GET /api/documents/facets": { body: { tags: [], owners: [] } },
    "GET /api/auth/views": { body: [] },
    "POST /api/documents/bulk": (init) => {
      if (init) sent.push(init);
      return { body: archiveResult };
    },
  });
  renderWithApp(
    <Route path="/documents">
      <DocumentsPage />
    </Route>,
    { path: "/documents" },
  );
  const listLoads = () => spy.mock.calls.filter(([url]) => url.startsWith("/api/documents?")).length;
  return { sent, listLoads };
}

async function openActions(): Promise<string[]> {
  fireEvent.pointerDown(screen.getByTestId("button-bulk-actions"), { button: 0, pointerType: "mouse" });
  return (await screen.findAllByRole("menuitem")).map((item) => item.textContent ?? "");
}

describe("the bulk action bar", () => {
  it("appears once a document is selected, counts it, and goes with Clear", async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId("checkbox-document-d1"));
    expect(screen.getByTestId("bulk-selected-count").textContent).toBe("1 selected");
    expect(await openActions()).toEqual([
      "Set category…",
      "Add tags…",
      "Remove tags…",
      "Set owner…",
      "Submit for review…",
      "Archive…",
    ]);
    fireEvent.click(screen.getByTestId("button-bulk-clear"));
    expect(screen.queryByTestId("bulk-action-bar")).toBeNull();
  });

  it("selects the page, then all that match; confirms an archive and lists what was refused", async () => {
    const { sent, listLoads } = renderPage();
    fireEvent.click(await screen.findByTestId("checkbox-select-page"));
    expect(screen.getByTestId("bulk-selected-count").textContent).toBe("3 selected");
    fireEvent.click(screen.getByTestId("button-select-all-matching"));
    expect(screen.getByTestId("bulk-selected-count").textContent).toBe("45 selected");

    await openActions();
    fireEvent.click(screen.getByRole("menuitem", { name: "Archive…" }));
    const dialog = await screen.findByTestId("dialog-bulk-action");
    expect(within(dialog).getByRole("heading").textContent).toBe("Archive documents?");
    const confirm = within(dialog).getByTestId("button-confirm-bulk");
    expect(confirm.textContent).toBe("Archive (45)");
    const loadsBefore = listLoads();
    fireEvent.click(confirm);

    expect((await screen.findByTestId("bulk-result-summary")).textContent).toBe("43 updated, 2 refused");
    // "All that match" is sent as the filter, for the server to resolve.
    expect(JSON.parse(sent[0]?.body ?? "{}")).toEqual({ filter: {}, action: "archive", params: {} });
    const refused = within(screen.getByTestId("bulk-refused")).getAllByRole("listitem");
    expect(refused.map((li) => li.textContent)).toEqual([
      "Travel policyYou may not archive this document: it belongs to someone else",
      "Document hiddenDocument not found",
    ]);
    await waitFor(() => expect(listLoads()).toBeGreaterThan(loadsBefore));
    fireEvent.click(screen.getByTestId("button-bulk-result-close"));
    await waitFor(() => expect(screen.queryByTestId("dialog-bulk-action")).toBeNull());
    expect(screen.queryByTestId("bulk-action-bar")).toBeNull();
  });

  it("sends the ids picked one by one", async () => {
    const { sent } = renderPage();
    fireEvent.click(await screen.findByTestId("checkbox-document-d1"));
    fireEvent.click(screen.getByTestId("checkbox-document-d3"));
    await openActions();
    fireEvent.click(screen.getByRole("menuitem", { name: "Add tags…" }));
    fireEvent.change(await screen.findByTestId("input-bulk-tags"), { target: { value: "Audit, 2026" } });
    fireEvent.click(screen.getByTestId("button-confirm-bulk"));
    await screen.findByTestId("bulk-result-summary");
    expect(JSON.parse(sent[0]?.body ?? "{}")).toEqual({
      ids: ["d1", "d3"],
      action: "addTags",
      params: { tags: ["audit", "2026"] },
    });
  });

  it("offers a Viewer the download but no changes", async () => {
    renderPage("Viewer");
    fireEvent.click(await screen.findByTestId("checkbox-document-d2"));
    expect(screen.getByTestId("button-bulk-download")).toBeTruthy();
    expect(screen.queryByTestId("button-bulk-actions")).toBeNull();
  });
});
