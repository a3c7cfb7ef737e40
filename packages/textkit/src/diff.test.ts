import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { growthOf, LINEAR_GROWTH_LIMIT } from "../test/growth";
import { diffVersions, type VersionDiff } from "./diff";

// Two large, unrelated real texts that ship with every Debian system (dpkg and bash are essential).
const readGzip = (path: string) => gunzipSync(readFileSync(path)).toString("utf8");
const dpkgChangelog = readGzip("/usr/share/doc/dpkg/changelog.gz");
const bashChanges = readGzip("/usr/share/doc/bash/CHANGES.gz");

function lineCount(text: string): number {
  return text === "" ? 0 : text.replace(/\n$/, "").split("\n").length;
}

/** Every old and new line appears exactly once, in order, on the side it belongs to. */
function expectComplete(diff: VersionDiff, oldText: string, newText: string) {
  const oldLines = oldText === "" ? [] : oldText.replace(/\n$/, "").split("\n");
  const newLines = newText === "" ? [] : newText.replace(/\n$/, "").split("\n");
  const left = diff.sideBySide.flatMap((row) => (row.left ? [row.left] : []));
  const right = diff.sideBySide.flatMap((row) => (row.right ? [row.right] : []));
  expect(left.map((side) => side.text)).toEqual(oldLines);
  expect(right.map((side) => side.text)).toEqual(newLines);
  expect(left.map((side) => side.number)).toEqual(oldLines.map((_, i) => i + 1));
  expect(right.map((side) => side.number)).toEqual(newLines.map((_, i) => i + 1));
  expect(diff.stats.removed + diff.stats.unchanged).toBe(oldLines.length);
  expect(diff.stats.added + diff.stats.unchanged).toBe(newLines.length);
  expect(diff.unified.filter((line) => line.kind !== "+").map((line) => line.text)).toEqual(oldLines);
  expect(diff.unified.filter((line) => line.kind !== "-").map((line) => line.text)).toEqual(newLines);
}

describe("diffVersions", () => {
  it("reports an edited line as changed with word-level segments", () => {
    const oldText = "# Retention\nPersonal data is kept for six years.\nReview yearly.\n";
    const newText = "# Retention\nPersonal data is kept for ten years.\nReview yearly.\n";
    const diff = diffVersions(oldText, newText);
    expect(diff.stats).toEqual({ added: 1, removed: 1, unchanged: 2 });
    expect(diff.truncated).toBe(false);
    expect(diff.truncatedReason).toBeUndefined();
    const changed = diff.sideBySide.filter((row) => row.kind !== "unchanged");
    expect(changed).toEqual([
      {
        kind: "changed",
        left: {
          number: 2,
          text: "Personal data is kept for six years.",
          segments: [
            { text: "Personal data is kept for ", kind: "same" },
            { text: "six", kind: "removed" },
            { text: " years.", kind: "same" },
          ],
        },
        right: {
          number: 2,
          text: "Personal data is kept for ten years.",
          segments: [
            { text: "Personal data is kept for ", kind: "same" },
            { text: "ten", kind: "added" },
            { text: " years.", kind: "same" },
          ],
        },
      },
    ]);
    expect(diff.unified.map((line) => [line.kind, line.oldNumber, line.newNumber])).toEqual([
      [" ", 1, 1],
      ["-", 2, undefined],
      ["+", undefined, 2],
      [" ", 3, 3],
    ]);
  });

  it("pairs a changed line with its closest counterpart when a new line is inserted before it", () => {
    const diff = diffVersions(
      "Owner: Legal team\nReview date: 2024-01-01\n",
      "Owner: Compliance office\nApproved by the board.\nReview date: 2025-01-01\n",
    );
    expect(
      diff.sideBySide.map((row) => [row.kind, row.left?.number ?? null, row.right?.number ?? null]),
    ).toEqual([
      ["changed", 1, 1],
      ["added", null, 2],
      ["changed", 2, 3],
    ]);
    expectComplete(
      diff,
      "Owner: Legal team\nReview date: 2024-01-01\n",
      "Owner: Compliance office\nApproved by the board.\nReview date: 2025-01-01\n",
    );
  });

  it("does not pair unrelated lines as changed", () => {
    const diff = diffVersions("alpha beta gamma\n", "completely different words\n");
    expect(diff.sideBySide.map((row) => row.kind)).toEqual(["removed", "added"]);
  });

  it("handles empty texts, identical texts and Windows line endings", () => {
    expect(diffVersions("", "")).toMatchObject({
      stats: { added: 0, removed: 0, unchanged: 0 },
      sideBySide: [],
    });
    expect(diffVersions("", "one\ntwo").stats).toEqual({ added: 2, removed: 0, unchanged: 0 });
    expect(diffVersions("one\r\ntwo\r\n", "one\ntwo").stats).toEqual({ added: 0, removed: 0, unchanged: 2 });
  });

  it("diffs a large real text against an edited copy exactly and quickly", () => {
    const lines = bashChanges.split("\n");
    const edited = [...lines];
    edited[40] = `${edited[40]} (clarified)`;
    edited.splice(3000, 5);
    edited.splice(7000, 0, "A paragraph added in the new version.");
    const newText = edited.join("\n");
    const diff = diffVersions(bashChanges, newText);
    expect(diff.truncated).toBe(false);
    expect(diff.stats.removed).toBe(6);
    expect(diff.stats.added).toBe(2);
    expect(diff.sideBySide.find((row) => row.kind === "changed")?.right?.segments?.at(-1)).toEqual({
      text: " (clarified)",
      kind: "added",
    });
    expectComplete(diff, bashChanges, newText);
    // Quickly: a few edits cost about linear time, 8 times the text about 8 times as long.
    const editedPrefix = (size: number) => {
      const before = lines.slice(0, size);
      const after = [...before];
      after[Math.floor(size * 0.01)] = `${after[Math.floor(size * 0.01)]} (clarified)`;
      after.splice(Math.floor(size * 0.3), 5);
      after.splice(Math.floor(size * 0.7), 0, "A paragraph added in the new version.");
      return [before.join("\n"), after.join("\n")] as const;
    };
    const growth = growthOf(editedPrefix, ([a, b]) => diffVersions(a, b), lines.length);
    expect(growth).toBeLessThanOrEqual(LINEAR_GROWTH_LIMIT);
  });

  it("stops within its time budget on two large unrelated texts and says so", () => {
    expect(lineCount(dpkgChangelog)).toBeGreaterThan(10_000);
    expect(lineCount(bashChanges)).toBeGreaterThan(10_000);
    // What giving up costs in this run (reading both texts, the side-by-side rows), with no budget.
    let started = performance.now();
    expect(diffVersions(dpkgChangelog, bashChanges, { timeoutMs: 0 }).truncated).toBe(true);
    const givingUp = performance.now() - started;
    started = performance.now();
    const diff = diffVersions(dpkgChangelog, bashChanges, { timeoutMs: 300 });
    // The budget, plus giving up, with as much again for a busy machine; the whole alignment
    // (what the budget stops) takes many times longer.
    expect(performance.now() - started).toBeLessThan(2 * (300 + givingUp));
    expect(diff.truncated).toBe(true);
    expect(diff.truncatedReason).toMatch(/did not finish within 300 ms/);
    expect(diff.sideBySide.some((row) => row.kind === "changed")).toBe(false);
    expectComplete(diff, dpkgChangelog, bashChanges);
  });

  it("falls back to matching the common start and end above maxLines", () => {
    const edited = bashChanges.replace(
      "This document details the changes",
      "This document lists the changes",
    );
    const diff = diffVersions(bashChanges, edited, { maxLines: 1000 });
    expect(diff.truncated).toBe(true);
    expect(diff.truncatedReason).toMatch(/over the 1000-line limit/);
    expect(diff.stats).toEqual({ added: 1, removed: 1, unchanged: lineCount(bashChanges) - 1 });
    expectComplete(diff, bashChanges, edited);
  });

  it("skips word highlights on huge lines and reports it", () => {
    const longLine = bashChanges.replace(/\s+/g, " ").slice(0, 6000);
    const diff = diffVersions(`${longLine}\n`, `${longLine} more\n`);
    const [row] = diff.sideBySide;
    expect(row?.kind).toBe("changed");
    expect(row?.left?.segments).toBeUndefined();
    expect(diff.truncated).toBe(true);
    expect(diff.truncatedReason).toMatch(/Word-level highlights were skipped for 1 changed lines/);
  });

  it("matches headings renumbered by an inserted section to their old selves", () => {
    const before = ["## 8. Visitors", "", "Sign in at reception.", "", "## 9. Parking", "", "Park in bay C."];
    const after = [
      "## 8. Visitors",
      "",
      "Sign in at reception.",
      "",
      "## 9. Deliveries",
      "",
      "Deliveries go to the loading bay.",
      "",
      "## 10. Parking",
      "",
      "Park in bay C.",
    ];
    const diff = diffVersions(before.join("\n"), after.join("\n"));
    const changed = diff.sideBySide.filter((r) => r.kind === "changed");
    expect(changed.map((r) => [r.left?.text, r.right?.text])).toEqual([["## 9. Parking", "## 10. Parking"]]);
    const added = diff.sideBySide.filter((r) => r.kind === "added").map((r) => r.right?.text);
    expect(added).toEqual(expect.arrayContaining(["## 9. Deliveries", "Deliveries go to the loading bay."]));
  });
});
