import { describe, expect, it } from "vitest";
import { renderTable, tableRows } from "./quote-tables";
import { quotableSentences, quoteAnswer } from "./quote";
import { stem } from "./tokenize";

const TABLE = [
  "| Leave type | Entitlement | Company pay |",
  "|---|---|---|",
  "| Maternity leave | 52 weeks | 20 weeks at **full pay** |",
  "| Paternity and partner leave | 4 weeks | Full pay |",
].join("\n");

describe("tableRows", () => {
  it("reads each body row with its header, without separators or markup", () => {
    const rows = tableRows(TABLE, 0);
    expect(rows.map((r) => r.text)).toEqual([
      "Leave type: Maternity leave; Entitlement: 52 weeks; Company pay: 20 weeks at full pay",
      "Leave type: Paternity and partner leave; Entitlement: 4 weeks; Company pay: Full pay",
    ]);
    expect(quotableSentences(`# Family leave\n\n${TABLE}`)).toEqual(rows.map((r) => r.text));
  });

  it("reads a plain-text grid table, its first row as the header, without its rules", () => {
    const grid = [
      "   Table 4.1. Module to package mappings",
      "",
      "   +-------------------------------------+",
      "   | Module        | Package             |",
      "   |---------------+---------------------|",
      "   | Foo::Bar      | libfoo-bar-perl     |",
      "   |---------------+---------------------|",
      "   | Foo::BarBaz   | libfoo-barbaz-perl  |",
      "   +-------------------------------------+",
      "",
      "   + a list item, not a rule",
    ].join("\n");
    expect(quotableSentences(grid)).toEqual([
      "Module to package mappings",
      "Module: Foo::Bar; Package: libfoo-bar-perl",
      "Module: Foo::BarBaz; Package: libfoo-barbaz-perl",
      "a list item, not a rule",
    ]);
  });

  it("keeps an escaped pipe inside its cell", () => {
    expect(tableRows("| a | b |\n|---|---|\n| x \\| y | z |", 0)[0]?.cells).toEqual(["x | y", "z"]);
  });
});

describe("an answer quoting table rows", () => {
  it("shows them as the table they come from, header first, each row cited", () => {
    const passage = {
      documentId: "d",
      title: "Leave Policy",
      passageId: "p",
      ordinal: 0,
      heading: "Family leave",
      text: TABLE,
    };
    const asked = ["paternity", "partner", "leave"].map((word) => ({ word, stem: stem(word) }));
    const { answer } = quoteAnswer({ asked, weights: new Map(), synonyms: new Map() }, [[passage]]);
    expect(answer.split("\n")).toEqual([
      "| Leave type | Entitlement | Company pay |",
      "| --- | --- | --- |",
      "| Paternity and partner leave | 4 weeks | Full pay [1] |",
    ]);
  });

  it("gives a headerless table an empty header so it still reads as one", () => {
    const [row] = tableRows("| a | b |", 0);
    expect(renderTable([{ row: row!, markers: "[2]" }]).split("\n")).toEqual([
      "|  |  |",
      "| --- | --- |",
      "| a | b [2] |",
    ]);
  });
});
