import { describe, expect, it } from "vitest";
import {
  calibratedConfidence,
  composeAnswer,
  fitCalibration,
  questionTerms,
  questionType,
  type AnswerFeatures,
  type AnswerPassage,
} from "./answer";

const passage = (
  id: string,
  title: string,
  heading: string | null,
  text: string,
  score = 0.8,
): AnswerPassage => ({
  documentId: `doc-${id}`,
  title,
  passageId: `p-${id}`,
  heading,
  text,
  score,
});

const passages = [
  passage(
    "exp",
    "Expense Policy",
    "3. How to submit expense reports",
    "3.1 All expense reports are submitted in SAP Concur with an itemised receipt for every line. 3.2 Expense reports must be submitted within 30 days of the date the expense was incurred.",
  ),
  passage(
    "ret",
    "Data Retention Policy",
    "4. Retention schedule",
    "| Record | Retention period |\n|---|---|\n| Raw client files | 7 days |",
  ),
  passage(
    "sec",
    "Information Security Policy",
    "4. Passwords",
    "Passwords must be at least 14 characters long.",
  ),
];

describe("composeAnswer", () => {
  it("quotes the sentence that answers, with a numbered citation to its passage", () => {
    const answer = composeAnswer("When must expense reports be submitted?", passages);
    expect(answer.unanswered).toBe(false);
    expect(answer.citations[0]).toMatchObject({
      n: 1,
      documentId: "doc-exp",
      heading: "3. How to submit expense reports",
    });
    expect(answer.answer).toContain("within 30 days of the date the expense was incurred [1].");
    expect(answer.confidence).toBeGreaterThan(0.7);
    expect(answer.relevantDocuments).toEqual(["Expense Policy"]);
  });

  it("reads a fact from a table row", () => {
    const answer = composeAnswer("What is the retention period for raw client files?", passages);
    expect(answer.citations[0]?.documentId).toBe("doc-ret");
    expect(answer.answer).toMatch(/Retention period: 7 days \[1\]/);
  });

  it("says plainly that the archive does not hold an answer, with low confidence", () => {
    const answer = composeAnswer("Who won the 1998 football world cup?", passages);
    expect(answer).toMatchObject({ unanswered: true, citations: [] });
    expect(answer.confidence).toBeLessThan(0.35);
    expect(composeAnswer("What is our parking policy?", passages).unanswered).toBe(true);
  });

  it("reads the question's type and drops framing words", () => {
    expect(questionType("How long are files kept?")).toBe("time");
    expect(questionType("How do I submit a claim?")).toBe("procedure");
    expect(questionTerms("Show me the API documentation for user endpoints")).toEqual([
      "api",
      "user",
      "endpoint",
    ]);
  });

  it("exposes the features its confidence comes from, and a stronger match scores higher", () => {
    const strong = composeAnswer("How long are raw client files kept?", passages, { threshold: 0 });
    const weak = composeAnswer("What is our parking policy?", passages, { threshold: 0 });
    expect(strong.features?.coverage).toBeGreaterThan(weak.features?.coverage ?? 0);
    expect(calibratedConfidence(strong.features)).toBeGreaterThan(calibratedConfidence(weak.features));
    expect(calibratedConfidence(null)).toBe(0);
  });
});

describe("confidence calibration", () => {
  const features = (coverage: number, titled: number): AnswerFeatures => ({
    coverage,
    own: coverage,
    titled,
    retrieval: 0.5,
    margin: 0.1,
    agrees: 1,
  });
  it("fits a logistic calibration that ranks right answers above wrong ones", () => {
    const samples = [
      { features: features(1, 1), right: true },
      { features: features(0.9, 0.5), right: true },
      { features: features(0.8, 1), right: true },
      { features: features(0.3, 0), right: false },
      { features: features(0.2, 0), right: false },
      { features: null, right: false },
    ];
    const calibration = fitCalibration(samples);
    const high = calibratedConfidence(features(0.95, 1), calibration);
    const low = calibratedConfidence(features(0.25, 0), calibration);
    expect(high).toBeGreaterThan(0.7);
    expect(low).toBeLessThan(0.3);
    expect(fitCalibration(samples)).toEqual(calibration);
  });
});
