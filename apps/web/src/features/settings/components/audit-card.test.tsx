import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuditEntry } from "@quire/contracts";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AUDIT_REFRESH_MS } from "../api/get-activity";
import { AuditCard } from "./audit-card";

const JANE = "5b0f6c3e-8d1a-4e55-9a6e-0c1d2e3f4a5b";

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: "2026-11-28T09:00:00.000Z",
  action: "Changed group",
  subjectType: "group",
  subjectId: "g1",
  documentId: null,
  documentTitle: null,
  subjectName: "Auditors",
  userId: "u1",
  username: "admin",
  ip: "192.0.2.1",
  comment: null,
  data: { name: "Auditors", added: [JANE], removed: [] },
  names: { [JANE]: "jane" },
  ...overrides,
});

afterEach(() => vi.useRealTimers());

describe("Settings › Audit", () => {
  it("names the people an entry's details refer to, not their ids", async () => {
    mockFetch({ "GET /api/activity": { body: { items: [entry(1)], total: 1 } } });
    renderWithApp(<AuditCard />);
    const details = await screen.findByTestId("text-audit-details");
    expect(details.textContent).toBe("Name: Auditors; Added: jane; Removed: none");
    expect(details.textContent).not.toContain(JANE);
  });

  it("shows the dates an entry's details hold in the app's date style", async () => {
    const data = { version: 1, nextReviewOn: "2026-12-13" };
    mockFetch({ "GET /api/activity": { body: { items: [entry(1, { data, names: {} })], total: 1 } } });
    renderWithApp(<AuditCard />);
    const details = await screen.findByTestId("text-audit-details");
    expect(details.textContent).toBe("Version 1; Next review Dec 13, 2026");
  });

  it("words an entry's recorded fields, keeping the name of a field it has no words for", async () => {
    const sha = "2ba5d5f0c3e1a4b7d9e8f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5";
    const items = [
      entry(1, { action: "Acknowledged", data: { version: 1, markdownSha256: sha }, names: {} }),
      entry(2, { action: "Review Approved", data: { stage: 1, onBehalfOf: JANE, urgent: true } }),
    ];
    mockFetch({ "GET /api/activity": { body: { items, total: 2 } } });
    renderWithApp(<AuditCard />);
    await screen.findAllByTestId("text-audit-details");
    const [acknowledged, approved] = screen.getAllByTestId("text-audit-details").map((d) => d.textContent);
    expect(acknowledged).toBe("Version 1; Content fingerprint 2ba5d5f0c3e1…");
    expect(approved).toBe("Stage 1; On behalf of jane; urgent: yes");
  });

  it("takes in entries written while the page is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let items = [entry(1)];
    mockFetch({ "GET /api/activity": () => ({ body: { items, total: items.length } }) });
    renderWithApp(<AuditCard />);
    await screen.findByText("1 entry");
    items = [entry(2, { action: "Created group", data: null, names: {} }), ...items];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUDIT_REFRESH_MS + 100);
    });
    await screen.findByText("2 entries");
    const rows = screen.getAllByTestId("row-audit");
    expect(within(rows[0]!).getByText("Created group")).toBeTruthy();
  });
});
