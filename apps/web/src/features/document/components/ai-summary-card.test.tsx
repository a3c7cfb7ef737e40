import { useState } from "react";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AiSummaryCard } from "./ai-summary-card";
import { SummaryPanel } from "./summary-panel";

const summary = {
  documentId: "d1",
  version: 1,
  riskLevel: "Low",
  keyPoints: [
    "Manual page of curl: transfer a URL. curl is a tool for transferring data from or to a server.",
    "curl is powered by libcurl for all transfer-related features.",
  ],
  changeHighlights: ["First version: there is no earlier version to compare with"],
  riskNotes: ["No risks found: no written credentials"],
  suggestedActions: ["Submit for review once the draft is complete"],
  updatedAt: "2026-11-25T07:00:00.000Z",
};

/** The document page's two summary places, wired as the page wires them. */
function BothPlaces({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <AiSummaryCard documentId="d1" tab="content" panelOpen={open} onOpenPanel={() => setOpen(true)} />
      <SummaryPanel documentId="d1" open={open} onOpenChange={setOpen} />
    </>
  );
}

const occurrences = (text: string) => screen.queryAllByText(text, { exact: true }).length;

afterEach(() => vi.unstubAllGlobals());

describe("the document page's AI summary", () => {
  it("is shown once when the side panel is expanded (?expand=summary)", async () => {
    mockFetch({ "GET /api/documents/d1/summary": { body: summary } });
    renderWithApp(<BothPlaces initiallyOpen />);
    await screen.findByTestId("summary-key-points");
    await screen.findByTestId("text-summary-in-panel");
    for (const point of summary.keyPoints) expect(occurrences(point)).toBe(1);
  });

  it("shows the key points above the tabs while the panel is collapsed, and Full summary moves them to the panel", async () => {
    mockFetch({ "GET /api/documents/d1/summary": { body: summary } });
    renderWithApp(<BothPlaces initiallyOpen={false} />);
    await screen.findByTestId("summary-card-items");
    expect(occurrences(summary.keyPoints[0] ?? "")).toBe(1);
    expect(screen.queryByTestId("summary-key-points")).toBeNull();
    fireEvent.click(screen.getByTestId("button-open-summary"));
    await screen.findByTestId("summary-key-points");
    await waitFor(() => expect(screen.queryByTestId("summary-card-items")).toBeNull());
    for (const point of summary.keyPoints) expect(occurrences(point)).toBe(1);
  });
});
