import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { profileDocument } from "./document-profile";
import { documentOutline } from "./sections";
import { summarizeDocument } from "./summary";
import { summaryPoints } from "./summary-points";
import { CURL_MANUAL, TAR_CHANGELOG } from "./test-excerpts";

// Debian's base-files ships these licences on every Debian system.
const licence = (name: string) => readFileSync(`/usr/share/common-licenses/${name}`, "utf8");

describe("summary key points", () => {
  it("say first what a manual page is and what the tool is for", () => {
    const { kind, points } = summaryPoints("curl", CURL_MANUAL);
    expect(kind).toBe("manual");
    expect(points[0]).toBe(
      "Manual page of curl: transfer a URL. curl is a tool for transferring data from or to a server.",
    );
    // The SYNOPSIS line is not a point, and the lead's sentence is not repeated.
    expect(points.join("\n")).not.toMatch(/SYNOPSIS|curl \[options/);
    expect(points.filter((p) => p.includes("curl is a tool"))).toHaveLength(1);
  });

  it("cover a copyleft licence's grant, copyleft, termination and warranty terms (GPL-3)", () => {
    const { kind, points } = summaryPoints("GPL-3", licence("GPL-3"));
    expect(kind).toBe("licence");
    expect(points[0]).toMatch(/^GNU General Public License, Version 3, 29 June 2007: .*copyleft license/);
    const rest = points.slice(1).join("\n");
    expect(rest).toMatch(/as a whole, under this License/);
    expect(rest).toMatch(/terminate your rights/);
    expect(rest).toMatch(/WITHOUT WARRANTY/);
    expect(rest).toMatch(/BE LIABLE/);
  });

  it("never quote the 'How to Apply These Terms' appendix after END OF TERMS AND CONDITIONS", () => {
    const gpl2 = licence("GPL-2");
    const appendix = gpl2.indexOf("END OF TERMS AND CONDITIONS");
    const { points } = summaryPoints("GPL-2", gpl2);
    for (const point of points.slice(1)) {
      const at = gpl2.replace(/\s+/g, " ").indexOf(point.slice(0, 40));
      expect(at).toBeGreaterThan(-1);
      expect(at).toBeLessThan(gpl2.replace(/\s+/g, " ").indexOf("END OF TERMS AND CONDITIONS"));
    }
    expect(appendix).toBeGreaterThan(0);
    expect(points.join("\n")).toMatch(/licensed as a whole/);
  });

  it("name a permissive licence's warranty and liability terms, and no copyleft it does not have (Apache-2.0)", () => {
    const { points } = summaryPoints("Apache-2.0", licence("Apache-2.0"));
    expect(points[0]).toMatch(/^Apache License, Version 2\.0, January 2004: /);
    const all = points.join("\n");
    expect(all).toMatch(/WITHOUT WARRANTIES OR CONDITIONS/);
    expect(all).toMatch(/hereby grants/);
    expect(all).not.toMatch(/"Contribution" shall mean/);
  });

  it("say what a change log covers, and quote the newest release's changes", () => {
    const { kind, points } = summaryPoints("tar changelog", TAR_CHANGELOG);
    expect(kind).toBe("changelog");
    expect(points[0]).toBe(
      "Change log of the tar package: 3 releases, from 1.34+dfsg-1.1 to 1.34+dfsg-1.2+deb12u1 (20 Jan 2024).",
    );
    expect(points.slice(1)).toEqual([
      "Latest release: Fix boundary checking in base-256 decoder (CVE-2022-48303)",
      "Latest release: Fix handling of extended header prefixes (CVE-2023-39804) (Closes: #1058079)",
    ]);
  });

  it("read a licence's plain-text clause titles and a manual's headings as structure", () => {
    const titles = documentOutline(licence("Apache-2.0")).map((h) => h.text);
    expect(titles).toEqual(
      expect.arrayContaining(["Apache License", "7. Disclaimer of Warranty", "8. Limitation of Liability"]),
    );
    expect(documentOutline(CURL_MANUAL).map((h) => h.text)).toEqual(
      expect.arrayContaining(["NAME", "SYNOPSIS", "DESCRIPTION", "URL"]),
    );
    expect(profileDocument("curl", CURL_MANUAL).isBoilerplate(CURL_MANUAL.indexOf("curl [options"))).toBe(
      true,
    );
  });

  it("reach the summary: its first key point is the lead, and a licence is not Medium for a missing owner", () => {
    const summary = summarizeDocument({
      title: "GPL-3",
      content: licence("GPL-3"),
      previousContent: null,
      status: "Approved",
      now: new Date("2026-11-25"),
    });
    expect(summary.keyPoints[0]).toMatch(/copyleft license for software/);
    expect(summary.riskNotes.join("\n")).not.toMatch(/owner/i);
    expect(summary.suggestedActions).toContain("Name an accountable owner in the document header");
  });
});
