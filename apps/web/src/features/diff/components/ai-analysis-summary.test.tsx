import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AiAnalysisSummary } from "./ai-analysis-summary";
import { SideBySideDiff } from "@/components/diff/side-by-side-diff";

const change =
  '§ 2. Grant of Copyright License: term and exclusivity changed (High risk): perpetual → fixed-term (five years); non-exclusive → exclusive ("Subject to the terms…")';
const rows: SideBySideRow[] = [
  {
    kind: "unchanged",
    left: { number: 67, text: "2. Grant of Copyright License. Subject to the terms and conditions of" },
    right: { number: 67, text: "2. Grant of Copyright License. Subject to the terms and conditions of" },
  },
  {
    kind: "changed",
    left: { number: 68, text: "this License, each Contributor hereby grants to You a perpetual," },
    right: {
      number: 68,
      text: "this License, each Contributor hereby grants to You a fixed-term (five years),",
    },
  },
  { kind: "removed", left: { number: 69, text: "worldwide, non-exclusive" }, right: null },
];

afterEach(() => vi.unstubAllGlobals());

describe("AI Analysis Summary", () => {
  it("links each key change to its changed row in the diff", async () => {
    mockFetch({
      "GET /api/documents/d1/diff/1/2/analysis": {
        body: {
          keyChanges: [change, 'Removed in § 2: "worldwide, non-exclusive"'],
          keyChangeItems: [
            { text: change, oldLine: 68, newLine: 68 },
            { text: 'Removed in § 2: "worldwide, non-exclusive"', oldLine: 69, newLine: null },
          ],
          impact: "1 section changed.",
          riskLevel: "High",
          from: 1,
          to: 2,
          clauseChanges: [],
          sections: [],
          figures: [],
          obligationsAdded: [],
          obligationsRemoved: [],
          obligationsChanged: [],
          stats: { added: 1, removed: 2, unchanged: 1 },
        },
      },
    });
    renderWithApp(
      <>
        <AiAnalysisSummary documentId="d1" from={1} to={2} />
        <SideBySideDiff rows={rows} fromLabel="Version 1" toLabel="Version 2" />
      </>,
    );
    const links = await screen.findAllByTestId("link-key-change");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["#diff-new-68", "#diff-old-69"]);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute("href") ?? "").slice(1));
      expect(target?.getAttribute("data-kind")).not.toBe("unchanged");
    }
    expect(links[0]?.textContent).toBe(change);
  });
});
