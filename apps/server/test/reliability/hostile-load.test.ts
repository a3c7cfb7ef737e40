import { describe, expect, it } from "vitest";
import { debianProse, docxOfParagraphs, oneTokenText } from "../support/hostile-files";
import { inflatingImagePdf } from "../support/inflating-pdf";
import { formatReport, runHostileLoad } from "./hostile-load";

/**
 * The CI-sized run of `npm run reliability -- hostile`: a real server process keeps /api/health
 * within the relative bound (health-bound.ts) while five people load the dashboard in a loop and an
 * Author uploads, one after another until each is processed, a DOCX of half a million characters of
 * Debian's prose, a one-token text of half a million characters and a PDF whose image inflates to
 * 1 GB, as the full run's (whose texts are 4.7M and 4.9M characters). Two to four minutes on a
 * shared two-core machine, most of it processing under the dashboard's load.
 */
describe("health under hostile load", () => {
  it(
    "answers within the bound while five people load the dashboard and hostile files are processed",
    { timeout: 300_000 },
    async () => {
      const report = await runHostileLoad({
        files: [
          {
            name: "prose.docx",
            label: "DOCX of 500k characters of prose",
            bytes: docxOfParagraphs(debianProse(500_000)),
          },
          {
            name: "token.txt",
            label: "TXT of one 500k-character token",
            bytes: Buffer.from(oneTokenText(500_000)),
          },
          {
            name: "inflating.pdf",
            label: "1 MB PDF inflating to 1 GB",
            bytes: inflatingImagePdf(),
          },
        ],
        dashboardOnlyMs: 3_000,
        perFileTimeoutMs: 120_000,
      });
      const summary = formatReport(report);
      console.log(summary);
      expect(report.dashboardLoads, summary).toBeGreaterThan(0);
      expect([...report.dashboardErrors, ...report.healthErrors], summary).toEqual([]);
      for (const phase of report.phases) {
        expect(phase.outcome, summary).not.toBe("timeout");
        expect(phase.ownMax, summary).toBeLessThanOrEqual(phase.allowed);
      }
      expect(report.phases.map((p) => p.outcome).slice(1, 3), summary).toEqual(["ready", "ready"]);
    },
  );
});
