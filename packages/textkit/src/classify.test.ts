import { describe, expect, it } from "vitest";
import { predictCategory, trainCategoryModel } from "./category-model";
import { predictNaiveBayes, trainNaiveBayes } from "./classify";
import { predictLogistic, trainLogistic, tuneLogistic } from "./logistic";
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

// Debian package descriptions (from /var/lib/dpkg/status), labelled by their section.
const packages = [
  { label: "python", text: "pure Python implementation of the YAML parser and emitter for Python 3" },
  { label: "python", text: "Python 3 library for parsing command-line options and arguments" },
  { label: "python", text: "Python HTTP library with connection pooling for Python 3" },
  { label: "python", text: "documentation generator for Python projects, Python 3 module" },
  { label: "fonts", text: "DejaVu TrueType font family, sans serif and monospace fonts" },
  { label: "fonts", text: "Liberation fonts: metric-compatible TrueType fonts for Arial and Times" },
  { label: "fonts", text: "Noto color emoji font in TrueType format" },
  { label: "fonts", text: "font configuration and customization library, font cache" },
  { label: "shells", text: "GNU Bourne Again SHell, an sh-compatible command language interpreter" },
  { label: "shells", text: "Z shell, a command interpreter with many interactive features" },
  { label: "shells", text: "POSIX-compliant shell, a small interpreter for shell scripts" },
  { label: "shells", text: "the friendly interactive shell with syntax highlighting and autosuggestions" },
];

describe("logistic regression", () => {
  it("learns sections from package descriptions, deterministically", () => {
    const model = trainLogistic(packages, { minDocuments: 1 });
    const p = predictLogistic(model, "monospace TrueType fonts for programming");
    expect(p.label).toBe("fonts");
    expect(p.scores.reduce((s, x) => s + x.probability, 0)).toBeCloseTo(1);
    expect(predictLogistic(model, "interactive shell command interpreter").label).toBe("shells");
    expect(predictLogistic(model, "Python 3 module for parsing YAML").label).toBe("python");
    const again = trainLogistic(packages, { minDocuments: 1 });
    expect(predictLogistic(again, "emoji font").confidence).toBe(
      predictLogistic(model, "emoji font").confidence,
    );
  });

  it("judges a training example by a fold model that never saw it", () => {
    const odd = {
      label: "fonts",
      text: "Python 3 library for parsing command-line arguments, Python module",
    };
    const model = trainLogistic([...packages, odd], { minDocuments: 1, folds: packages.length + 1 });
    expect(predictLogistic(model, odd.text, { leaveOut: odd }).label).toBe("python");
  });

  it("tunes on cross-validation folds of the training data and reports every candidate", () => {
    const tuning = tuneLogistic(
      packages,
      [
        { l2: 1e-4, minDocuments: 1 },
        { l2: 1, minDocuments: 1 },
      ],
      { folds: 3 },
    );
    expect(tuning.tried).toHaveLength(2);
    expect(tuning.options.l2).toBe(1e-4);
  });

  it("keeps whichever model classifies a small archive's documents better when held out", () => {
    const chosen = trainCategoryModel(packages, { minDocuments: 1 });
    expect(chosen.heldOutAccuracy).not.toBeNull();
    expect(predictCategory(chosen, "sans serif TrueType font").label).toBe("fonts");
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
