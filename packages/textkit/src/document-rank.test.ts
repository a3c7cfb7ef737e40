import { describe, expect, it } from "vitest";
import {
  acronymMatch,
  documentScore,
  fitDocumentModel,
  titleNamed,
  titleStatistics,
  titleStems,
  type DocumentFeatures,
} from "./document-rank";
import { stem, stemmerOf } from "./tokenize";

const stems = (...words: string[]) => new Set(words.map(stem));

describe("titleNamed", () => {
  const stats = titleStatistics([
    "rm(1) manual page",
    "ls(1) manual page",
    "cp(1) manual page",
    "gcloud settings delete(1) manual page",
    "Debian package git",
  ]);

  it("weighs a rare title word above the words every title shares", () => {
    const rm = titleNamed("rm(1) manual page", stems("rm", "delete", "folders"), stats);
    const gcloud = titleNamed(
      "gcloud settings delete(1) manual page",
      stems("rm", "delete", "folders"),
      stats,
    );
    expect(rm).toBeGreaterThan(0.5);
    expect(rm).toBeGreaterThan(gcloud);
  });

  it("is 0 when the question names nothing in the title, and ignores section numbers", () => {
    expect(titleNamed("ls(1) manual page", stems("copy", "folder"), stats)).toBe(0);
    expect(titleStems("rm(1) manual page")).toEqual(["rm", "manual", "page"]);
  });

  it("reads each title in its document's language, without that language's stop words", () => {
    expect(titleStems("Die Regeln der Firma", "deu")).toEqual(titleStems("Regeln Firma", "deu"));
    expect(titleStems("Die casting")).toEqual(["die", "cast"]);
    const counted = titleStatistics([{ title: "Die Regeln", language: "deu" }, "Die casting"]);
    expect(counted.documents).toBe(2);
    expect(counted.frequency.get("die")).toBe(1);
  });

  it("names a German title by a German inflection of its word", () => {
    const title = "Verträge mit Lieferanten";
    const counted = titleStatistics([{ title, language: "deu" }, "Supplier contracts"]);
    const asked = new Set([stemmerOf("deu")("verträgen")]);
    expect(titleNamed(title, asked, counted, "deu")).toBeCloseTo(0.5);
    // Read as English, the inflection is another word.
    expect(titleNamed(title, stems("verträgen"), counted)).toBe(0);
  });
});

describe("acronymMatch", () => {
  it("finds initials of consecutive title words, with the version checked", () => {
    expect(acronymMatch("GNU General Public License version 3", ["gplv3"])).toBe(1);
    expect(acronymMatch("GNU General Public License version 2", ["gpl-2"])).toBe(1);
    expect(acronymMatch("GNU General Public License version 2", ["gplv3"])).toBe(0.3);
    expect(acronymMatch("GNU General Public License v3", ["gplv3"])).toBe(1);
    expect(acronymMatch("GNU General Public License v3", ["gpl2"])).toBe(0.3);
    expect(acronymMatch("Mozilla Public License 2.0", ["mpl", "code"])).toBe(1);
  });

  it("does not count short words, words the title holds, or letters out of order", () => {
    expect(acronymMatch("Debian package gzip", ["dp"])).toBe(0);
    expect(acronymMatch("GNU Awk README", ["gnu"])).toBe(0);
    expect(acronymMatch("Mozilla Public License 2.0", ["lpm"])).toBe(0);
  });
});

describe("fitDocumentModel", () => {
  const features = (bestPassage: number, titleNamed: number): DocumentFeatures => ({
    bestPassage,
    titleNamed,
    acronym: 0,
    titleShare: 0,
    coverage: 0,
    searchRank: 0,
  });
  const vector = (f: DocumentFeatures) => Object.values(f);

  it("learns the feature that picks the right document and is deterministic", () => {
    // The right document always has the title named; the passage score is noise either way.
    const questions = [0, 1, 2, 3, 4, 5].map((i) => [
      { x: vector(features(i % 2 ? 2 : 0, 1)), right: true },
      { x: vector(features(i % 2 ? 0 : 2, 0)), right: false },
    ]);
    const model = fitDocumentModel(questions);
    expect(model).toEqual(fitDocumentModel(questions));
    expect(model.weights[1]).toBeGreaterThan(1);
    expect(Math.abs(model.weights[0]!)).toBeLessThan(0.2);
    expect(documentScore(model, features(0, 1))).toBeGreaterThan(documentScore(model, features(2, 0)));
  });

  it("skips questions whose right document is not among the candidates", () => {
    const model = fitDocumentModel([[{ x: vector(features(1, 0)), right: false }]]);
    expect(model.weights.every((w) => w === 0)).toBe(true);
  });
});
