import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findClauseChanges } from "./clause-changes";
import { analyseChange, extractFigures } from "./diff-analysis";
import { TAR_CHANGELOG } from "./test-excerpts";

const licence = (name: string) => readFileSync(`/usr/share/common-licenses/${name}`, "utf8");

describe("change analysis reads what a clause now means", () => {
  // Apache-2.0 §2 edited as a reviewer would fear: the grant becomes fixed-term and exclusive.
  const apache = licence("Apache-2.0");
  const edited = apache
    .replace("grants to You a perpetual,\n", "grants to You a fixed-term (five years),\n")
    .replace("worldwide, non-exclusive, no-charge", "worldwide, exclusive, no-charge");

  it("reports a changed grant as a change of term and exclusivity, High risk, linked to its row", () => {
    const analysis = analyseChange(apache, edited);
    expect(analysis.riskLevel).toBe("High");
    expect(analysis.clauseChanges.map((c) => [c.attribute, c.before, c.after])).toEqual([
      ["term", "perpetual", "fixed-term (five years)"],
      ["exclusivity", "non-exclusive", "exclusive"],
    ]);
    expect(analysis.keyChangeItems[0]).toEqual({
      text: expect.stringMatching(
        /^§ 2\. Grant of Copyright License: term and exclusivity changed \(High risk\): perpetual → fixed-term \(five years\); non-exclusive → exclusive/,
      ),
      oldLine: 68,
      newLine: 68,
    });
    expect(analysis.keyChanges[0]).toBe(analysis.keyChangeItems[0]?.text);
    // "five years" is a term, not a count of anything.
    expect(analysis.figures).toEqual([]);
  });

  it("reads a shortened cure period as a time limit, not as the number 30 becoming 14 (GPL-3 §8)", () => {
    const gpl = licence("GPL-3");
    const shorter = gpl.replace(
      "cure the violation prior to 30 days after",
      "cure the violation prior to 14 days after",
    );
    const analysis = analyseChange(gpl, shorter);
    expect(analysis.figures).toEqual([]);
    expect(analysis.clauseChanges).toEqual([
      expect.objectContaining({
        attribute: "time limit",
        before: "30 days",
        after: "14 days",
        risk: "Medium",
      }),
    ]);
    expect(analysis.riskLevel).toBe("Medium");
  });

  it("does not read a renumbered clause reference as a changed figure (MPL-2.0)", () => {
    const mpl = licence("MPL-2.0");
    const renumbered = mpl.replace(
      "The licenses granted in Section 2.1 with",
      "The licenses granted in Section 2.2 with",
    );
    const analysis = analyseChange(mpl, renumbered);
    expect(analysis.figures).toEqual([]);
    expect(extractFigures("as defined by Sections 1 through 9 of this document")).toEqual([]);
    expect(extractFigures("Fix boundary checking in base-256 decoder (CVE-2022-48303)")).toEqual([]);
    expect(extractFigures("Claims over £1,000 need 2 approvals")).toEqual([
      { kind: "amount", value: "£1,000" },
      { kind: "number", value: "2" },
    ]);
  });

  it("reads a new Debian changelog entry as a release added, Low risk, linked to its first line", () => {
    const previous = TAR_CHANGELOG.slice(TAR_CHANGELOG.indexOf("tar (1.34+dfsg-1.2) unstable"));
    const analysis = analyseChange(previous, TAR_CHANGELOG);
    expect(analysis.riskLevel).toBe("Low");
    expect(analysis.figures).toEqual([]);
    expect(analysis.personalDataAdded).toBe(0);
    expect(analysis.keyChangeItems[0]).toEqual({
      text: expect.stringMatching(
        /^Added at the start: "tar \(1\.34\+dfsg-1\.2\+deb12u1\) bookworm; urgency=medium" and 5 more lines$/,
      ),
      oldLine: null,
      newLine: 2,
    });
  });

  it("does not read the month May in a header as permission", () => {
    const before = "Review date: 14 March 2027. Users should rotate keys.";
    const after = "Review date: 16 May 2027. Users should rotate keys.";
    expect(findClauseChanges(before, after)).toEqual([]);
  });
});
