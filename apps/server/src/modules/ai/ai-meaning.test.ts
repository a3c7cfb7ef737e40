import { readFileSync } from "node:fs";
import type {
  AiAnswer,
  ChangeAnalysis,
  Document,
  Improvement,
  SearchResult,
  Summary,
} from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";

/**
 * Summaries, improvements and change analysis on real text nobody here wrote (Debian's
 * /usr/share/common-licenses, Node.js's SECURITY.md, a converted PDF line), through the API.
 */

const t = appForFile();
let categoryId: string;

beforeAll(async () => {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  categoryId = categories[0]?.id ?? "";
}, 120_000);

const licence = (name: string) => readFileSync(`/usr/share/common-licenses/${name}`, "utf8");

async function upload(title: string, text: string, name = "doc.txt"): Promise<string> {
  const { body, headers } = multipart({ title, categoryId }, { name, bytes: Buffer.from(text) });
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  await t.runner.runUntilIdle();
  return json<Document>(res).id;
}

const summaryOf = async (id: string) =>
  json<Summary>(await t.request("GET", `/api/documents/${id}/summary`, { as: "admin" }));

describe("answers from two real documents", () => {
  it("quote both documents that state the fact, and only the one that does when the other does not", async () => {
    await upload("GNU Free Documentation License 1.2", licence("GFDL-1.2"));
    await upload("GNU Free Documentation License 1.3", licence("GFDL-1.3"));
    await upload("Mozilla Public License 2.0", licence("MPL-2.0"));
    const ask = async (question: string) =>
      json<AiAnswer>(await t.request("POST", "/api/ai/ask", { as: "admin", body: { question } }));
    const both = await ask("How many words may a Back-Cover Text have under the free documentation licence?");
    expect(new Set(both.citations.map((c) => c.title))).toEqual(
      new Set(["GNU Free Documentation License 1.2", "GNU Free Documentation License 1.3"]),
    );
    expect(both.answer).toMatch(/25 words/);
    // Only 1.3 has a section on wikis ("Massive Multiauthor Collaboration Sites"): 1.2, close in words, answers nothing.
    const one = await ask(
      "May a wiki that republished documentation relicense it under a Creative Commons licence?",
    );
    expect(one.citations.map((c) => c.title)).toContain("GNU Free Documentation License 1.3");
    expect(one.citations.map((c) => c.title)).not.toContain("GNU Free Documentation License 1.2");
    expect(one.citations.map((c) => c.title)).not.toContain("Mozilla Public License 2.0");
  });
});

describe("summaries of real documents", () => {
  it("say what a licence is, cover its copyleft, termination and warranty terms, and are not Medium for a missing owner", async () => {
    const gpl = await summaryOf(await upload("GPL-3", licence("GPL-3")));
    expect(gpl.keyPoints[0]).toMatch(
      /^GNU General Public License, Version 3, 29 June 2007: .*copyleft license/,
    );
    const points = gpl.keyPoints.join("\n");
    expect(points).toMatch(/as a whole/);
    expect(points).toMatch(/terminate your rights/);
    expect(points).toMatch(/WITHOUT WARRANTY/);
    expect(points).not.toMatch(/attach the following notices/);

    const ccId = await upload("CC0 1.0 Universal", licence("CC0-1.0"));
    const cc0 = await summaryOf(ccId);
    expect(cc0.riskLevel).toBe("Low");
    expect(cc0.riskNotes).toEqual([expect.stringMatching(/^No risks found: /)]);
    const improvements = json<Improvement[]>(
      await t.request("GET", `/api/documents/${ccId}/improvements`, { as: "admin" }),
    );
    // Naming an owner is offered, as a Low improvement for a licence (High for a policy).
    expect(improvements.find((i) => i.rule === "missing-owner")?.priority).toBe("Low");
  });

  it("do not count a project's contact addresses as personal data, nor propose spelling out MUST or NOT", async () => {
    const text = [
      "# Security",
      "",
      "Report security bugs in Node.js via HackerOne. You MUST NOT disclose a report before the fix is released.",
      "",
      "If you do not receive an acknowledgement of your report within 6 business days, you may escalate to the OpenJS Foundation CNA at `security@lists.openjsf.org`.",
      "",
      "Contact the Node.js Technical Steering Committee (<tsc@iojs.org>) for permission.",
      "",
    ].join("\n");
    const id = await upload("Node.js security policy", text, "SECURITY.md");
    const summary = await summaryOf(id);
    expect(summary.riskNotes.join("\n")).not.toMatch(/personal data/i);
    const improvements = json<Improvement[]>(
      await t.request("GET", `/api/documents/${id}/improvements`, { as: "admin" }),
    );
    expect(improvements.map((i) => i.rule)).not.toContain("personal-data");
    const acronyms = improvements.find((i) => i.rule === "undefined-acronym");
    expect(acronyms?.description).toMatch(/CNA/);
    expect(acronyms?.description).not.toMatch(/\bMUST\b|\bNOT\b/);
  });

  it("never show a markdown escape in key points, search excerpts or the assistant's answer", async () => {
    // A line of the shared-mime-info specification as the PDF converter escapes it.
    const text =
      "# Cache layout\n\nThe cache keeps a \\# of files in \\<MIME>/packages for every installed package so lookups are fast.\n";
    const id = await upload("MIME cache notes", text, "notes.md");
    const summary = await summaryOf(id);
    expect(summary.keyPoints.join("\n")).toContain("# of files in <MIME>/packages");
    expect(summary.keyPoints.join("\n")).not.toContain("\\");
    const found = await t.request(
      "GET",
      `/api/search?${new URLSearchParams({ q: "installed package lookups" })}`,
      {
        as: "admin",
      },
    );
    expect(found.statusCode, found.body).toBe(200);
    const results = json<SearchResult[]>(found);
    const hit = results.find((r) => r.document.id === id);
    // Excerpts are HTML-escaped (only <mark> is markup); the backslash is gone.
    expect(hit?.highlightedExcerpt).toContain("# of files in &lt;MIME&gt;/");
    expect(hit?.highlightedExcerpt).not.toContain("\\");

    // The assistant quotes the same sentence, as a reader sees it, in its answer and its citation.
    const asked = await t.request("POST", "/api/ai/ask", {
      as: "admin",
      body: { question: "Where does the cache keep files for every installed package?" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = json<AiAnswer>(asked);
    const cited = answer.citations.find((c) => c.documentId === id);
    expect(cited, answer.answer).toBeDefined();
    expect(answer.answer).toContain("<MIME>/packages");
    expect(cited?.quote).toContain("<MIME>/packages");
    expect(`${answer.answer}\n${cited?.quote}`).not.toContain("\\");
  });
});

describe("change analysis of a real licence edited", () => {
  it("reports the grant's change of term and exclusivity as High, linked to the changed row of the diff", async () => {
    const apache = licence("Apache-2.0");
    const id = await upload("Apache License 2.0", apache);
    const edited = apache
      .replace("grants to You a perpetual,\n", "grants to You a fixed-term (five years),\n")
      .replace("worldwide, non-exclusive, no-charge", "worldwide, exclusive, no-charge");
    const res = await t.request("POST", `/api/documents/${id}/versions`, {
      as: "admin",
      body: { content: edited, changeNote: "Grant narrowed", expectedVersion: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = await t.request("GET", `/api/documents/${id}/diff/1/2/analysis`, { as: "admin" });
    expect(answer.statusCode, answer.body).toBe(200);
    const analysis = json<ChangeAnalysis>(answer);
    expect(analysis.riskLevel).toBe("High");
    expect(analysis.clauseChanges.map((c) => c.attribute)).toEqual(
      expect.arrayContaining(["term", "exclusivity"]),
    );
    const first = analysis.keyChangeItems[0];
    expect(first?.text).toMatch(
      /term and exclusivity changed \(High risk\): perpetual → fixed-term \(five years\)/,
    );
    const diff = json<{
      sideBySide: Array<{ kind: string; right: { number: number; text: string } | null }>;
    }>(await t.request("GET", `/api/documents/${id}/diff/1/2`, { as: "admin" }));
    const row = diff.sideBySide.find((r) => r.right?.number === first?.newLine);
    expect(row?.kind).toBe("changed");
    expect(row?.right?.text).toMatch(/fixed-term \(five years\)/);
  });
});
