import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectKind, releaseNames } from "./document-kind";
import { reflowHardWraps } from "./reflow";
import { documentOutline, plainInline } from "./sections";
import { summaryPoints } from "./summary-points";
import { TAR_CHANGELOG } from "./test-excerpts";

// Real text Debian ships: dpkg's rootless-builds specification, a licence, a README.
const read = (path: string) => readFileSync(path, "utf8");
const ROOTLESS = read("/usr/share/doc/dpkg/spec/rootless-builds.txt");
const APACHE = read("/usr/share/common-licenses/Apache-2.0");
const MOSQUITTO = read("/usr/share/doc/mosquitto/README.md");
const kindOf = (title: string, text: string, filename = "") =>
  detectKind(title, text, documentOutline(text), filename);
/** Markup a reader must never see in a summary. */
const MARKUP = /^#|\]\(|\]\[|<https?:|\\[.=<>*_-]|\*\*|`/;

describe("document kinds", () => {
  it("reads a specification from what it calls itself, not from its file name", () => {
    expect(kindOf("rootless-builds", ROOTLESS)).toBe("specification");
  });

  it("never reads numbered section headings as releases (a specification's 1.1., 2.17.)", () => {
    const spec = [
      "1. Introduction",
      "1.1. Version",
      "1.2. What is this spec?",
      "2.17. Subclassing",
      "3.1. Recommended checking order",
    ]
      .map((h) => `## ${h}\n\nThis is version 0.21 of the Shared MIME-info Database specification.\n`)
      .join("\n");
    expect(releaseNames(spec, documentOutline(spec))).toEqual([]);
    expect(kindOf("Shared MIME-info Database", spec)).toBe("specification");
    const { points } = summaryPoints("Shared MIME-info Database", spec);
    expect(points[0]).not.toMatch(/change log|releases/i);
    // Release headings still make a change log.
    expect(kindOf("tar changelog", TAR_CHANGELOG)).toBe("changelog");
    const news =
      "## [1.2.0] - 2024-01-02\n\n- Fixed a crash.\n\n## [1.1.0] - 2023-10-01\n\n- Added a flag.\n";
    expect(releaseNames(news, documentOutline(news))).toEqual(["1.2.0", "1.1.0"]);
  });

  it("reads a README by its file name or by its install and usage sections", () => {
    expect(kindOf("Eclipse Mosquitto", MOSQUITTO, "README.md")).toBe("readme");
    expect(kindOf("Eclipse Mosquitto", MOSQUITTO)).toBe("readme");
    expect(kindOf("apache-2.0", APACHE)).toBe("licence");
  });

  it("names the kind in the summary's first point, without markup", () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ["rootless-builds", ROOTLESS, "rootless-builds.pdf", /^Specification “Supporting rootless builds”: /],
      ["Eclipse Mosquitto", MOSQUITTO, "README.md", /^README: Mosquitto is an open source implementation/],
      ["apache-2.0", APACHE, "apache-2.0.docx", /^Apache License, Version 2\.0, January 2004: terms/],
    ];
    for (const [title, text, filename, lead] of cases) {
      const { points } = summaryPoints(title, text, 6, filename);
      expect(points[0], title).toMatch(lead);
      for (const point of points) expect(point, title).not.toMatch(MARKUP);
    }
  });
});

describe("hard-wrapped text", () => {
  // A plain-text licence saved as DOCX: every line is a paragraph of its own, its indent gone.
  const asDocx = APACHE.split("\n")
    .map((line) => line.trim())
    .join("\n\n");

  it("joins lines cut mid-sentence back into their paragraphs, and leaves markdown alone", () => {
    const joined = reflowHardWraps(asDocx);
    expect(joined).toContain(
      '"License" shall mean the terms and conditions for use, reproduction, and distribution as defined by Sections 1 through 9 of this document.',
    );
    expect(reflowHardWraps(MOSQUITTO)).toBe(MOSQUITTO);
  });

  it("counts every entry of a Debian change log, whose sign-off lines end their entries", () => {
    const changelog = [1, 2, 3, 4, 5, 6]
      .map(
        (n) =>
          `tar (1.34+dfsg-1.${7 - n}) unstable; urgency=medium\n\n  * Fix number ${n}.\n\n -- Jane Doe <jane@example.org>  Sat, 0${n} Jan 2022 10:27:07 +0100`,
      )
      .join("\n\n");
    expect(reflowHardWraps(changelog)).toBe(changelog);
    const { points } = summaryPoints("tar Debian changelog", changelog);
    expect(points[0]).toBe(
      "Change log of the tar package: 6 releases, from 1.34+dfsg-1.1 (06 Jan 2022) to 1.34+dfsg-1.6 (01 Jan 2022).",
    );
  });

  it("quotes whole sentences from a licence saved one line per paragraph", () => {
    const { points } = summaryPoints("apache-2.0", asDocx);
    for (const point of points.slice(1)) expect(point).toMatch(/^["(A-Z]/);
    expect(points.join("\n")).toMatch(/hereby grants to You a perpetual, worldwide/);
  });
});

describe("plainInline", () => {
  it("drops badges and keeps the words of reference links and autolinks", () => {
    const badge =
      "Travis: [![Travis Build Status (master)](https://travis-ci.org/eclipse/mosquitto.svg?branch=master)](https://travis-ci.org/eclipse/mosquitto) passes.";
    expect(plainInline(badge)).toBe("Travis: passes.");
    expect(plainInline("See [Documentation/gittutorial.txt][] to get started.")).toBe(
      "See Documentation/gittutorial.txt to get started.",
    );
    expect(plainInline("online at <https://mosquitto.org/man/>.")).toBe(
      "online at https://mosquitto.org/man/.",
    );
  });
});
