import { describe, expect, it } from "vitest";
import { predictNaiveBayes, trainNaiveBayes } from "./classify";
import { extractKeyphrases } from "./document-keyphrases";
import { findNearDuplicates, jaccard, shingle } from "./shingles";

const examples = [
  { label: "finance", text: "Expense claims need receipts. Reimbursement is paid monthly with payroll." },
  {
    label: "finance",
    text: "Invoices over the approval limit need the CFO. Budget variance is reported quarterly.",
  },
  { label: "finance", text: "Corporate card spending is reconciled against receipts each month." },
  {
    label: "security",
    text: "Passwords must be rotated. Multi-factor authentication protects every account.",
  },
  { label: "security", text: "Report phishing and malware incidents to the security team at once." },
  { label: "security", text: "Encryption keys are stored in the vault; access is reviewed quarterly." },
];

describe("naive Bayes", () => {
  it("classifies unseen text and gives calibrated, ordered probabilities", () => {
    const model = trainNaiveBayes(examples);
    const p = predictNaiveBayes(model, "Submit your hotel receipts to claim reimbursement");
    expect(p.label).toBe("finance");
    expect(p.scores.reduce((s, x) => s + x.probability, 0)).toBeCloseTo(1);
    expect(predictNaiveBayes(model, "a phishing e-mail asked for my password").label).toBe("security");
  });

  it("leaves a training example out when asked, so it cannot vote for its own label", () => {
    const model = trainNaiveBayes([
      ...examples,
      { label: "security", text: "Receipts receipts reimbursement expense" },
    ]);
    const text = "Receipts receipts reimbursement expense";
    expect(predictNaiveBayes(model, text, { leaveOut: { text, label: "security" } }).label).toBe("finance");
  });
});

describe("shingling", () => {
  it("finds a lightly edited copy and not an unrelated text", () => {
    const base =
      "Employees may work from home up to three days a week with their manager's agreement. ".repeat(3);
    const docs = [
      { id: "a", shingles: shingle(`${base} Equipment is provided.`) },
      { id: "b", shingles: shingle(`${base} Equipment is provided by IT.`) },
      { id: "c", shingles: shingle("Invoices must be approved by the finance team before payment is made.") },
    ];
    const pairs = findNearDuplicates(docs, 0.5);
    expect(pairs.map((p) => [p.a, p.b])).toEqual([["a", "b"]]);
    expect(jaccard(docs[0]!.shingles, docs[2]!.shingles)).toBe(0);
  });
});

describe("document keyphrases", () => {
  it("prefers recurring multi-word phrases and drops the words inside them", () => {
    const text =
      "## Data retention\n\nThe data retention schedule lists every record. Data retention periods start at closure. Records are deleted.";
    const phrases = extractKeyphrases(text, { max: 3 }).map((k) => k.phrase);
    expect(phrases[0]).toBe("data retention");
    expect(phrases).not.toContain("retention");
  });
});
