/**
 * AI benchmark, `npm run bench -- ai`:
 * 1. The category classifier (naive Bayes on TF-IDF, as the archive uses it) on real labelled text
 *    nobody here wrote: the descriptions of the Debian packages installed on this machine
 *    (/var/lib/dpkg/status), labelled by their Section, on a seeded 80/20 held-out split, beside a
 *    majority-class baseline and a keyword baseline (each section's most distinctive training words).
 * 2. The assistant on the demo archive (a smoke test): how often `ask` cites the document that
 *    holds the answer for questions with a known source, beside the top hit of full-text search.
 * 3. The assistant on real text (ai-ask-eval.ts): paraphrased questions over ~1000 Debian
 *    documents, check half only, beside a plain BM25 and search's own top result.
 * 4. The assistant on enterprise-like text (ai-ask-enterprise.ts): policy, procedure and licence
 *    questions with near misses and uncovered topics, check half only.
 */
import { readFileSync } from "node:fs";
import {
  predictLogistic,
  predictNaiveBayes,
  seededRandom,
  toSearchTerms,
  trainLogistic,
  trainNaiveBayes,
  tuneLogistic,
  type LabelledText,
  type LogisticOptions,
} from "@quire/textkit";
import { eq } from "drizzle-orm";
import { users } from "../../apps/server/src/db/schema.js";
import { seedDemoDocuments } from "../../apps/server/src/demo/seed.js";
import { ask } from "../../apps/server/src/modules/ai/ask.js";
import { searchPassages } from "../../apps/server/src/modules/search/service.js";
import type { Actor } from "../../apps/server/src/policies/policy.js";
import { createTestApp } from "../../apps/server/test/support/harness.js";
import { askEnterpriseBench } from "./ai-ask-enterprise.js";
import { askEvalBench } from "./ai-ask-eval.js";
import { runRiskBench } from "./ai-risk";

const DPKG_STATUS = process.env.BENCH_DPKG_STATUS ?? "/var/lib/dpkg/status";
const MIN_PER_SECTION = 10;
const KEYWORDS_PER_SECTION = 15;

/** Package descriptions (synopsis and long text) labelled by Section. */
function debianPackages(path: string): LabelledText[] {
  const examples: LabelledText[] = [];
  for (const stanza of readFileSync(path, "utf8").split(/\n\n+/)) {
    const section = /^Section: (.+)$/m.exec(stanza)?.[1]?.replace(/^.*\//, "");
    const description = /^Description: (.*(?:\n .*)*)/m.exec(stanza)?.[1];
    if (!section || !description) continue;
    examples.push({ label: section, text: description.replace(/\n \.?/g, "\n") });
  }
  const counts = new Map<string, number>();
  for (const e of examples) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
  return examples.filter((e) => (counts.get(e.label) ?? 0) >= MIN_PER_SECTION);
}

function split<T>(items: T[], seed: number): { train: T[]; test: T[] } {
  const random = seededRandom(seed);
  const shuffled = items
    .map((item) => ({ item, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);
  const cut = Math.floor(shuffled.length * 0.8);
  return { train: shuffled.slice(0, cut), test: shuffled.slice(cut) };
}

/** Each section's words that are most over-represented in its training texts (smoothed ratio). */
function keywordBaseline(train: LabelledText[], fallback: string): (text: string) => string {
  const byLabel = new Map<string, Map<string, number>>();
  const overall = new Map<string, number>();
  for (const e of train) {
    const counts = byLabel.get(e.label) ?? new Map<string, number>();
    for (const term of new Set(toSearchTerms(e.text))) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      overall.set(term, (overall.get(term) ?? 0) + 1);
    }
    byLabel.set(e.label, counts);
  }
  const keywords = new Map<string, Set<string>>();
  for (const [label, counts] of byLabel) {
    const ranked = [...counts]
      .filter(([, n]) => n >= 2)
      .map(([term, n]) => ({ term, score: n / ((overall.get(term) ?? 0) + 5) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, KEYWORDS_PER_SECTION);
    keywords.set(label, new Set(ranked.map((r) => r.term)));
  }
  return (text) => {
    const terms = new Set(toSearchTerms(text));
    let best = fallback;
    let hits = 0;
    for (const [label, words] of keywords) {
      const n = [...words].filter((w) => terms.has(w)).length;
      if (n > hits) [best, hits] = [label, n];
    }
    return best;
  };
}

function accuracy(test: LabelledText[], predict: (text: string) => string): number {
  return test.filter((e) => predict(e.text) === e.label).length / test.length;
}

function classifierBench(): void {
  const examples = debianPackages(DPKG_STATUS);
  const labels = new Set(examples.map((e) => e.label));
  const { train, test } = split(examples, 17);
  const counts = new Map<string, number>();
  for (const e of train) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
  const majority = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  // Hyper-parameters are chosen by cross-validation within the TRAINING split only.
  const grid: LogisticOptions[] = [];
  for (const idf of [true, false]) for (const l2 of [3e-5, 1e-4, 3e-4, 1e-3]) grid.push({ l2, idf });
  const tuning = tuneLogistic(train, grid);
  const started = performance.now();
  const model = trainLogistic(train, tuning.options);
  const trainMs = performance.now() - started;
  const nb = trainNaiveBayes(train);
  const rows: Array<[string, number]> = [
    ["logistic regression (Quire)", accuracy(test, (text) => predictLogistic(model, text).label)],
    ["naive Bayes (previous)", accuracy(test, (text) => predictNaiveBayes(nb, text).label)],
    ["keyword baseline", accuracy(test, keywordBaseline(train, majority))],
    [`majority class ('${majority}')`, accuracy(test, () => majority)],
  ];
  console.log(
    `Debian package descriptions (${DPKG_STATUS}): ${examples.length} packages in ${labels.size} sections with ≥ ${MIN_PER_SECTION} each; train ${train.length}, held-out ${test.length}`,
  );
  const show = (o: LogisticOptions) => `l2=${o.l2} ${o.idf ? "tf-idf" : "tf"}`;
  console.log(
    `  5-fold cross-validation on the training split only: ${tuning.tried.map((t) => `${show(t.options)} ${(t.accuracy * 100).toFixed(1)}%`).join(", ")}`,
  );
  console.log(
    `  chosen: ${show(tuning.options)} (epochs ${model.options.epochs}, Adam lr ${model.options.learningRate}); trained on all ${train.length} in ${trainMs.toFixed(0)} ms`,
  );
  for (const [name, acc] of rows) console.log(`  ${name.padEnd(30)} accuracy ${(acc * 100).toFixed(1)}%`);
  const [ours, , keyword, majorityAcc] = rows.map((r) => r[1]);
  const beats = (ours ?? 0) > (keyword ?? 0) && (ours ?? 0) > (majorityAcc ?? 0);
  console.log(
    beats
      ? "  the classifier beats both the keyword and the majority baseline on the held-out split"
      : "  the classifier does NOT beat both baselines on the held-out split",
  );
}

/** Questions with a known source in the demo archive, phrased as a user would ask them. */
const QUESTIONS: Array<[string, string]> = [
  ["What are our security policies?", "Information Security Policy"],
  ["How do I submit expense reports?", "Expense Policy"],
  ["Show me the API documentation for user endpoints", "Platform API Reference: User Endpoints"],
  ["What are the compliance requirements?", "Compliance Requirements Overview"],
  ["How many days of annual leave do full-time employees get?", "Leave Policy"],
  ["What is the retention period for raw client files?", "Data Retention Policy"],
  ["How soon must a lost laptop be reported?", "Information Security Policy"],
  ["What is the rate limit for API access tokens?", "Platform API Reference: User Endpoints"],
  [
    "How much notice do clients get before an API endpoint is removed?",
    "API Versioning and Deprecation Policy",
  ],
  ["Who must approve a gift or hospitality from a supplier?", "Anti-Bribery and Corruption Policy"],
  ["How many office days a week does the remote work policy require?", "Remote Work Policy"],
  ["What is the per-diem meal allowance in the United States?", "Expense Policy"],
  ["When is a post-incident review held after a SEV1 incident?", "Incident Response Runbook"],
  ["How do clients obtain an OAuth access token?", "API Authentication Guide"],
  ["What happens to client data when a contract ends?", "Data Retention Policy"],
  ["What canary percentage is used during deployments?", "Deployment Runbook"],
];

/** Topics the demo archive does not cover: the right answer is "not in the archive". */
const ABSENT = [
  "Can I bring my dog to the office?",
  "What discount do staff get on gym membership?",
  "Is there a staff lottery syndicate?",
  "What soup does the canteen serve on Fridays?",
  "Who won the company football tournament?",
  "What is the dress code for client meetings?",
  "How do I book the helicopter landing pad?",
  "When is the flu vaccination clinic?",
];

async function askBench(): Promise<void> {
  const t = await createTestApp({ seeders: [seedDemoDocuments] });
  try {
    await t.runner.runUntilIdle();
    const [admin] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
    const actor: Actor = { id: admin?.id ?? "", username: "admin", role: "Admin", via: "session" };
    let askFirst = 0;
    let askAny = 0;
    let fullText = 0;
    let confidenceRight = 0;
    let confidenceWrong = 0;
    for (const [question, title] of QUESTIONS) {
      const answer = await ask(t.ctx, actor, question);
      const top = await searchPassages(t.ctx, actor, question, { limit: 1, mode: "fulltext" });
      const first = answer.citations[0]?.title === title;
      if (first) askFirst++;
      if (answer.citations.some((c) => c.title === title)) askAny++;
      if (top[0]?.title === title) fullText++;
      if (first) confidenceRight += answer.confidence;
      else confidenceWrong += answer.confidence;
      if (!first) console.log(`  miss: "${question}" → ${answer.citations[0]?.title ?? "(no answer)"}`);
    }
    const n = QUESTIONS.length;
    const pct = (k: number) => `${((k / n) * 100).toFixed(0)}% (${k}/${n})`;
    console.log(`Assistant on the demo archive, ${n} questions with a known source document:`);
    console.log(`  ask, first citation is the source      ${pct(askFirst)}`);
    console.log(`  ask, any citation is the source        ${pct(askAny)}`);
    console.log(`  full-text search alone, top hit        ${pct(fullText)}`);
    console.log(
      `  mean confidence when right ${(confidenceRight / Math.max(1, askFirst)).toFixed(2)}, when wrong ${(confidenceWrong / Math.max(1, n - askFirst)).toFixed(2)}`,
    );
    let declined = 0;
    for (const question of ABSENT) {
      const answer = await ask(t.ctx, actor, question);
      if (answer.citations.length === 0 || answer.notCovered?.length) declined++;
      else
        console.log(
          `  answered absent topic: "${question}" → ${answer.citations[0]?.title} (${answer.confidence})`,
        );
    }
    console.log(`  absent topics answered "not in the archive": ${declined}/${ABSENT.length}`);
  } finally {
    await t.close();
  }
}

export async function runAiBench(): Promise<void> {
  classifierBench();
  await askBench();
  await askEvalBench();
  await askEnterpriseBench();
  await runRiskBench();
}
