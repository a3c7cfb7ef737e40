import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkContent, describeFinding } from "./content-checks";
import { readDocumentMetadata, parseDate } from "./metadata";
import { findPersonalData, isValidIban, passesLuhn } from "./personal-data";

const demo = (path: string) =>
  readFileSync(new URL(`../../../apps/server/src/demo/content/${path}`, import.meta.url), "utf8");
const rules = (text: string, title = "Policy") => checkContent(text, { title, now: new Date("2026-11-22") });

describe("personal data", () => {
  it("finds e-mails and phone numbers in the escalation table, ignoring example.com", () => {
    const found = findPersonalData(demo("incident-response-runbook/v2.md"));
    expect(found.filter((m) => m.kind === "email").map((m) => m.value)).toContain(
      "aoife.brennan@northwind-analytics.ie",
    );
    expect(found.filter((m) => m.kind === "phone").map((m) => m.value)).toEqual([
      "+44 7700 900481",
      "+44 7700 900517",
      "+44 7700 900236",
      "+353 87 555 0192",
      "+44 161 496 0734",
    ]);
    expect(
      findPersonalData(demo("platform-api-user-endpoints/v3.md")).filter((m) => m.kind === "email"),
    ).toEqual([]);
  });

  it("accepts IBANs by mod-97 and card numbers by Luhn, and masks them", () => {
    expect(isValidIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(isValidIban("GB82 WEST 1234 5698 7654 33")).toBe(false);
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
    const text =
      "Pay GB82 WEST 1234 5698 7654 32 or card 4111 1111 1111 1111, not 4111 1111 1111 1112. Budget 1,000,000.";
    expect(findPersonalData(text).map((m) => [m.kind, m.value])).toEqual([
      ["iban", "…5432"],
      ["card", "…1111"],
    ]);
  });
});

describe("metadata", () => {
  it("reads owner, effective and review dates from the header line", () => {
    const meta = readDocumentMetadata(demo("business-continuity-plan/v1.md"));
    expect(meta.owner?.value).toBe("Chief Operating Officer");
    expect(meta.reviewDate?.date?.toISOString()).toBe("2025-09-30T00:00:00.000Z");
    expect(readDocumentMetadata(demo("brand-guidelines/v1.md")).owner).toBeNull();
    expect(parseDate("Sept 30, 2025")?.toISOString().slice(0, 10)).toBe("2025-09-30");
    expect(parseDate("31 February 2025")).toBeNull();
  });
});

describe("checkContent on the demo archive", () => {
  it("flags the missing owner, the missing review date and the passed review date", () => {
    expect(rules(demo("brand-guidelines/v1.md"), "Brand Guidelines").map((f) => f.rule)).toContain(
      "missing-owner",
    );
    expect(
      rules(demo("code-review-guidelines/v1.md"), "Code Review Guidelines").map((f) => f.rule),
    ).toContain("missing-review-date");
    const bcp = rules(demo("business-continuity-plan/v1.md"));
    expect(describeFinding(bcp.find((f) => f.rule === "past-review-date")!)).toBe(
      "Review date 30 September 2025 has passed",
    );
  });

  it("finds TODO/TBD with their sections, and acronyms never spelled out", () => {
    const adr = rules(demo("adr-017-event-streaming-ingestion/v1.md"));
    const todo = adr.find((f) => f.rule === "unresolved-todo")!;
    expect(todo.count).toBe(4);
    expect(todo.sections).toContain("7. Open questions");
    const acronyms = adr.find((f) => f.rule === "undefined-acronym")!;
    expect(acronyms.matches).toContain("SFTP");
    expect(acronyms.matches).not.toContain("API");
    expect(
      rules("We follow the Recovery Time Objective (RTO). The RTO is 4 hours.").map((f) => f.rule),
    ).not.toContain("undefined-acronym");
  });

  it("flags over-long sentences, skipped heading levels and broken links", () => {
    const text = [
      "# Title",
      "",
      "**Owner:** Ops · **Effective:** 1 May 2026 · **Review date:** 1 May 2027",
      "",
      "## Scope",
      "",
      "#### Detail",
      "",
      `${"word ".repeat(45).trim()}.`,
      "",
      "See [the guide](../guide.md), [site](htp:/bad), [ok](https://example.com/x), [top](#scope) and [gone](#nowhere).",
    ].join("\n");
    const found = rules(text);
    expect(found.map((f) => f.rule).sort()).toEqual([
      "broken-link",
      "long-sentence",
      "skipped-heading-level",
    ]);
    expect(found.find((f) => f.rule === "broken-link")!.count).toBe(3);
  });
});
